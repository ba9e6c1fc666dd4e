import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { tables, type Tx } from '@/lib/server/db';
import { releaseCoupon } from '@/lib/server/coupons/redeem';

const h = tables.holds;

/**
 * Ends an open (active or ordered) hold without a sale: its units and listings go back on sale, its
 * coupon use is given back and an unpaid order is cancelled. Answers false when the hold was no longer
 * open (someone else ended it first), so each hold is released exactly once.
 */
export async function endHold(tx: Tx, holdId: string, status: 'expired' | 'released', now: Date): Promise<boolean> {
  const [ended] = await tx
    .update(h)
    .set({ status, updatedAt: now })
    .where(and(eq(h.id, holdId), inArray(h.status, ['active', 'ordered'])))
    .returning({ id: h.id });
  if (!ended) return false;
  await releaseHeld(tx, holdId);
  await releaseCoupon(tx, holdId);
  await cancelPendingOrder(tx, holdId, now);
  return true;
}

/** The fan changes a cart that went to checkout: the unpaid order is set aside, the hold is a cart again. */
export async function reopenHold(tx: Tx, holdId: string, now: Date): Promise<void> {
  await tx.update(h).set({ status: 'active', updatedAt: now }).where(and(eq(h.id, holdId), eq(h.status, 'ordered')));
  await cancelPendingOrder(tx, holdId, now);
}

/** Gives a hold's units and listings back to sale: only rows this hold still owns. */
async function releaseHeld(tx: Tx, holdId: string) {
  await tx
    .update(tables.inventoryUnits)
    .set({ status: 'available', holdId: null, heldUntil: null })
    .where(and(eq(tables.inventoryUnits.holdId, holdId), eq(tables.inventoryUnits.status, 'held')));
  await tx
    .update(tables.resaleListings)
    .set({ holdId: null, heldUntil: null })
    .where(and(eq(tables.resaleListings.holdId, holdId), eq(tables.resaleListings.status, 'active')));
}

async function cancelPendingOrder(tx: Tx, holdId: string, now: Date) {
  const cancelled = await tx
    .update(tables.orders)
    .set({ status: 'cancelled' })
    .where(and(eq(tables.orders.holdId, holdId), eq(tables.orders.status, 'pending')))
    .returning({ id: tables.orders.id });
  if (!cancelled.length) return;
  await tx
    .update(tables.payments)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(inArray(tables.payments.orderId, cancelled.map((o) => o.id)), eq(tables.payments.status, 'pending')));
}
