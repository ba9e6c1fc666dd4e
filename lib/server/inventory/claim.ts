import 'server-only';
import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { tables, type Tx } from '@/lib/server/db';

const u = tables.inventoryUnits;
const l = tables.resaleListings;

/**
 * A unit is free when it is available, or held by a hold whose time ran out (DESIGN.md §4:
 * an expired hold never counts as taken, even before the sweeper resets the row). The seat holds of
 * the database function cart_hold_seats (migration 0001_cart_seat_functions) say the same in SQL.
 */
export function unitIsFree(now: Date) {
  return or(eq(u.status, 'available'), and(eq(u.status, 'held'), lt(u.heldUntil, now)))!;
}

export type ClaimedUnit = { id: string; seatId: string | null; ticketTypeId: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Claims any `quantity` places of a price category: `FOR UPDATE SKIP LOCKED` from a random point of
 * the `spread` column, so concurrent buyers take different rows instead of queueing on the lowest ids.
 * Each attempt runs in a savepoint; a short attempt (rows locked by buyers still deciding) gives its
 * rows back and tries again while the committed state says enough places are free.
 */
export async function claimPlaces(
  tx: Tx,
  input: { ticketTypeId: string; quantity: number; holdId: string; until: Date; now: Date },
): Promise<ClaimedUnit[] | null> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const start = Math.floor(Math.random() * 1_000_000);
    const claimed = await tx
      .transaction(async (sp) => {
        const picked = await sp
          .select({ id: u.id })
          .from(u)
          .where(and(eq(u.ticketTypeId, input.ticketTypeId), isNull(u.seatId), unitIsFree(input.now)))
          .orderBy(sql`(${u.spread} < ${start})`, u.spread)
          .limit(input.quantity)
          .for('update', { skipLocked: true });
        if (picked.length < input.quantity) throw new ShortClaim();
        return sp
          .update(u)
          .set({ status: 'held', holdId: input.holdId, heldUntil: input.until })
          .where(
            inArray(
              u.id,
              picked.map((p) => p.id),
            ),
          )
          .returning({ id: u.id, seatId: u.seatId, ticketTypeId: u.ticketTypeId });
      })
      .catch((error) => {
        if (error instanceof ShortClaim) return null;
        throw error;
      });
    if (claimed) return claimed;
    const [{ free }] = await tx
      .select({ free: sql<number>`count(*)::int` })
      .from(u)
      .where(and(eq(u.ticketTypeId, input.ticketTypeId), isNull(u.seatId), unitIsFree(input.now)));
    if (free < input.quantity) return null;
    await sleep(5 + Math.random() * 20 * (attempt + 1));
  }
  return null;
}

class ShortClaim extends Error {}

/** Holds a resale listing for a buyer's cart; the seller cannot buy their own listing. */
export async function claimListing(tx: Tx, input: { eventId: string; listingId: string; buyerId: string; holdId: string; until: Date; now: Date }) {
  const [row] = await tx
    .update(l)
    .set({ holdId: input.holdId, heldUntil: input.until })
    .where(
      and(
        eq(l.id, input.listingId),
        eq(l.eventId, input.eventId),
        eq(l.status, 'active'),
        ne(l.sellerId, input.buyerId),
        or(isNull(l.holdId), isNull(l.heldUntil), lt(l.heldUntil, input.now)),
      ),
    )
    .returning({ id: l.id, ticketId: l.ticketId, priceAmount: l.priceAmount });
  return row ?? null;
}

/** Gives a hold's units (or some of them) and listings back to sale. Only rows this hold still owns. */
export async function releaseHeld(tx: Tx, holdId: string, only?: { unitIds?: string[]; listingIds?: string[] }) {
  if (!only || only.unitIds?.length) {
    await tx
      .update(u)
      .set({ status: 'available', holdId: null, heldUntil: null })
      .where(and(eq(u.holdId, holdId), eq(u.status, 'held'), only?.unitIds ? inArray(u.id, only.unitIds) : undefined));
  }
  if (!only || only.listingIds?.length) {
    await tx
      .update(l)
      .set({ holdId: null, heldUntil: null })
      .where(and(eq(l.holdId, holdId), eq(l.status, 'active'), only?.listingIds ? inArray(l.id, only.listingIds) : undefined));
  }
}

/**
 * Turns a paid hold's units into sold ones: those this hold still holds (even past its time), or that
 * became free again and nobody else took. All or nothing: the caller rolls back on a short count.
 */
export async function sellUnits(tx: Tx, input: { holdId: string; unitIds: string[]; now: Date }): Promise<number> {
  if (!input.unitIds.length) return 0;
  const rows = await tx
    .update(u)
    .set({ status: 'sold', holdId: input.holdId, heldUntil: null })
    .where(and(inArray(u.id, input.unitIds), or(and(eq(u.status, 'held'), eq(u.holdId, input.holdId)), unitIsFree(input.now))))
    .returning({ id: u.id });
  return rows.length;
}

/** The same for resale listings: still this hold's, or free and still on sale. */
export async function sellListings(tx: Tx, input: { holdId: string; listingIds: string[]; now: Date }) {
  if (!input.listingIds.length) return [];
  return tx
    .update(l)
    .set({ status: 'sold', soldAt: input.now, holdId: input.holdId, heldUntil: null })
    .where(
      and(
        inArray(l.id, input.listingIds),
        eq(l.status, 'active'),
        or(eq(l.holdId, input.holdId), isNull(l.holdId), isNull(l.heldUntil), lt(l.heldUntil, input.now)),
      ),
    )
    .returning({ id: l.id, ticketId: l.ticketId, sellerId: l.sellerId, priceAmount: l.priceAmount, currency: l.currency });
}
