import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { newTicketKeys } from '@/lib/ticket-code/keys';
import { tables, type Db, type Tx } from '@/lib/server/db';
import { markNamedTickets } from '@/lib/server/named-tickets/holders';

/**
 * Claims `quantity` available units of a price category (spread-out start, SKIP LOCKED) that no ticket
 * holds and issues tickets for them to `ownerId`. Used by redeem codes and the seed; paid orders go through
 * lib/server/tickets/issue.ts. Returns null when not enough units are free (nothing is changed
 * only if the caller's transaction rolls back).
 */
export async function issueFreeTickets(
  tx: Db | Tx,
  input: { ticketTypeId: string; ownerId: string; quantity: number; priceAmount?: number; seatIds?: string[] },
): Promise<{ id: string }[] | null> {
  const [type] = await tx
    .select({ id: tables.ticketTypes.id, eventId: tables.ticketTypes.eventId, priceAmount: tables.ticketTypes.priceAmount })
    .from(tables.ticketTypes)
    .where(eq(tables.ticketTypes.id, input.ticketTypeId));
  if (!type) return null;
  const start = Math.floor(Math.random() * 1_000_000);
  const conditions = [
    eq(tables.inventoryUnits.ticketTypeId, type.id),
    eq(tables.inventoryUnits.status, 'available'),
    // A returned place the waiting list keeps for its fans is not a voucher's either (functions.sql).
    sql`not waiting_list_reserves(${type.eventId}, ${type.id})`,
    // Nor a seat a season-ticket holder released: it is on sale for the holder's credit, and its ticket
    // (still the holder's) moves to a paying buyer (seasons/release.ts takeOverReleasedUnits).
    sql`not exists (select 1 from tickets t where t.unit_id = ${tables.inventoryUnits.id})`,
  ];
  if (input.seatIds?.length) conditions.push(inArray(tables.inventoryUnits.seatId, input.seatIds));
  const units = await tx
    .select({ id: tables.inventoryUnits.id })
    .from(tables.inventoryUnits)
    .where(and(...conditions))
    .orderBy(sql`(${tables.inventoryUnits.spread} - ${start} + 1000000) % 1000000`, asc(tables.inventoryUnits.id))
    .limit(input.quantity)
    .for('update', { skipLocked: true });
  if (units.length < input.quantity) return null;
  await tx
    .update(tables.inventoryUnits)
    .set({ status: 'sold', holdId: null, heldUntil: null })
    .where(inArray(tables.inventoryUnits.id, units.map((u) => u.id)));
  const issued = await tx
    .insert(tables.tickets)
    .values(
      units.map((u) => ({
        eventId: type.eventId,
        unitId: u.id,
        ticketTypeId: type.id,
        ownerId: input.ownerId,
        priceAmount: input.priceAmount ?? type.priceAmount,
        ...newTicketKeys(),
      })),
    )
    .returning({ id: tables.tickets.id });
  await markNamedTickets(tx, issued.map((ticket) => ticket.id));
  return issued;
}
