import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { tables, type Tx } from '@/lib/server/db';

/**
 * A paid season-ticket hold (holds.season_id) becomes season tickets: one per seat, each owning the
 * tickets just issued for that seat at every remaining match. Tickets are issued by the one path of every
 * order (tickets/issue.ts), which dates them to the order's event (the season's first remaining match);
 * here each is moved to its own unit's match. Nothing for an ordinary cart.
 */
export async function completeSeasonOrder(tx: Tx, input: { holdId: string; orderId: string; userId: string; ticketIds: string[] }): Promise<void> {
  const [hold] = await tx.select({ seasonId: tables.holds.seasonId }).from(tables.holds).where(eq(tables.holds.id, input.holdId));
  if (!hold?.seasonId || !input.ticketIds.length) return;
  const ids = sql.join(input.ticketIds.map((id) => sql`${id}::uuid`), sql`, `);
  // The seat's ticket of an earlier season ticket (a renewal keeps nothing of it but the seat).
  await tx.execute(sql`
    with seats as (
      select distinct u.seat_id from tickets t join inventory_units u on u.id = t.unit_id where t.id in (${ids})
    ), made as (
      insert into season_tickets (season_id, user_id, seat_id, order_id)
      select ${hold.seasonId}::uuid, ${input.userId}::uuid, seats.seat_id, ${input.orderId}::uuid
      from seats
      returning id, seat_id
    )
    update tickets t set event_id = u.event_id, season_ticket_id = made.id
    from inventory_units u, made
    where t.id in (${ids}) and u.id = t.unit_id and made.seat_id = u.seat_id`);
}
