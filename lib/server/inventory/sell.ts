import 'server-only';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { tables, type Tx } from '@/lib/server/db';
import { listingIsFree, unitIsFree } from './free';

const u = tables.inventoryUnits;
const l = tables.resaleListings;

/**
 * Turns a paid hold's units into sold ones: those this hold still holds (even past its time), or that
 * are free (unit_is_free, lib/server/db/functions.sql), nobody else took and the waiting list does not
 * keep for its fans (waiting_list_reserves). All or nothing: the
 * caller rolls back on a short count.
 */
export async function sellUnits(tx: Tx, input: { holdId: string; unitIds: string[]; now: Date }): Promise<number> {
  if (!input.unitIds.length) return 0;
  const rows = await tx
    .update(u)
    .set({ status: 'sold', holdId: input.holdId, heldUntil: null })
    .where(
      and(
        inArray(u.id, input.unitIds),
        or(and(eq(u.status, 'held'), eq(u.holdId, input.holdId)), and(unitIsFree(input.now), sql`not waiting_list_reserves(${u.eventId}, ${u.ticketTypeId})`)),
      ),
    )
    .returning({ id: u.id });
  return rows.length;
}

/** The same for resale listings: still this hold's, or free (listing_is_free) and still on sale. */
export async function sellListings(tx: Tx, input: { holdId: string; listingIds: string[]; now: Date }) {
  if (!input.listingIds.length) return [];
  return tx
    .update(l)
    .set({ status: 'sold', soldAt: input.now, holdId: input.holdId, heldUntil: null })
    .where(
      and(
        inArray(l.id, input.listingIds),
        or(and(eq(l.status, 'active'), eq(l.holdId, input.holdId)), listingIsFree(input.now)),
      ),
    )
    .returning({ id: l.id, ticketId: l.ticketId, sellerId: l.sellerId, priceAmount: l.priceAmount, currency: l.currency });
}
