import 'server-only';
import { and, eq, ne, sql } from 'drizzle-orm';
import { tables, type Tx } from '@/lib/server/db';
import type { SaleEvent } from '@/lib/server/cart/event';
import { couponApplies, type PricedItem } from '@/lib/server/cart/totals';

const c = tables.coupons;
const r = tables.couponRedemptions;

export type CouponRow = typeof c.$inferSelect;

/** Codes are matched case-insensitively and without surrounding spaces. */
function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * The coupon for this code if a fan may use it on this cart now: organiser and event scope, price
 * categories, active (not deactivated by the organiser), validity window, total uses (a use already
 * counted for this hold stays valid), uses per fan and currency. Anything else answers null: the fan sees one message, 'Invalid discount code'.
 */
export async function findUsableCoupon(
  tx: Tx,
  input: { code: string; event: SaleEvent; userId: string; holdId: string; items: PricedItem[]; now: Date },
): Promise<CouponRow | null> {
  const code = normaliseCouponCode(input.code);
  if (!code || code.length > 64) return null;
  const [coupon] = await tx.select().from(c).where(eq(sql`upper(${c.code})`, code)).limit(1);
  // A coupon the organiser deactivated is, to the fan, a code that does not exist.
  if (!coupon || !coupon.active) return null;
  if (coupon.orgId !== input.event.orgId) return null;
  if (coupon.eventId && coupon.eventId !== input.event.id) return null;
  if (coupon.validFrom && coupon.validFrom > input.now) return null;
  if (coupon.validUntil && coupon.validUntil <= input.now) return null;
  if (coupon.kind === 'fixed' && coupon.currency && coupon.currency !== input.event.currency) return null;
  if (!input.items.some((item) => couponApplies(coupon, item))) return null;
  const [mine] = await tx.select({ id: r.id }).from(r).where(and(eq(r.holdId, input.holdId), eq(r.couponId, coupon.id))).limit(1);
  if (coupon.maxUses != null && coupon.usedCount >= coupon.maxUses && !mine) return null;
  if (coupon.maxUsesPerUser != null) {
    const [{ used }] = await tx
      .select({ used: sql<number>`count(*)::int` })
      .from(r)
      .where(and(eq(r.couponId, coupon.id), eq(r.userId, input.userId), ne(r.holdId, input.holdId)));
    if (used >= coupon.maxUsesPerUser) return null;
  }
  return coupon;
}
