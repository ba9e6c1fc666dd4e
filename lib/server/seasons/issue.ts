import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf, tables, type Tx } from '@/lib/server/db';
import { newTicketKeys } from '@/lib/ticket-code/keys';

/**
 * Issues every holder of the season their ticket for one of its matches: the unit of the holder's seat
 * at that match becomes sold (only if it is free: unit_is_free) and a ticket of the season ticket is
 * made. Exactly once: the season row is locked, holders who already have a ticket for the match are
 * skipped, and tickets_season_match_uq forbids a second. Answers how many were issued and the season
 * tickets whose seat is not free at that match (sold or held by someone else, or not sold there).
 */
export async function issueMatchTickets(tx: Tx, input: { seasonId: string; eventId: string; now: Date }): Promise<{ issued: number; missing: string[] }> {
  await tx.select({ id: tables.seasons.id }).from(tables.seasons).where(eq(tables.seasons.id, input.seasonId)).for('update');
  const holders = await tx
    .select({ id: tables.seasonTickets.id, userId: tables.seasonTickets.userId, seatId: tables.seasonTickets.seatId })
    .from(tables.seasonTickets)
    .leftJoin(tables.tickets, and(eq(tables.tickets.seasonTicketId, tables.seasonTickets.id), eq(tables.tickets.eventId, input.eventId)))
    .where(and(eq(tables.seasonTickets.seasonId, input.seasonId), isNull(tables.tickets.id)));
  let issued = 0;
  const missing: string[] = [];
  for (const holder of holders) {
    const [unit] = rowsOf<{ id: string; ticket_type_id: string; price: number }>(
      await tx.execute(sql`
        update inventory_units u set status = 'sold', hold_id = null, held_until = null
        from ticket_types tt
        where u.event_id = ${input.eventId}::uuid and u.seat_id = ${holder.seatId}::uuid and tt.id = u.ticket_type_id
          and unit_is_free(u.status, u.held_until, ${input.now.toISOString()}::timestamptz)
        returning u.id, u.ticket_type_id, tt.price_amount as price`),
    );
    if (!unit) {
      missing.push(holder.id);
      continue;
    }
    await tx.insert(tables.tickets).values({
      eventId: input.eventId,
      unitId: unit.id,
      ticketTypeId: unit.ticket_type_id,
      ownerId: holder.userId,
      seasonTicketId: holder.id,
      priceAmount: Number(unit.price),
      ...newTicketKeys(),
      version: 1,
      status: 'valid',
      createdAt: input.now,
    });
    issued++;
  }
  return { issued, missing };
}
