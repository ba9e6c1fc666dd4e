import 'server-only';
import { and, eq, ne, sql } from 'drizzle-orm';
import { tables, type Tx } from '@/lib/server/db';
import type { SaleEvent } from '@/lib/server/cart/event';
import { couponApplies, type PricedItem } from '@/lib/server/cart/totals';
import { couponStatus } from './status';

const c = tables.coupons;
const r = tables.couponRedemptions;

export type CouponRow = typeof c.$inferSelect;

/** Why a code cannot be used: unknown (or not for this cart), past its validity window, or out of uses. */
export type CouponRefusal = 'INVALID_DISCOUNT_CODE' | 'DISCOUNT_CODE_EXPIRED' | 'DISCOUNT_CODE_USED_UP';

export type CouponCheck = { ok: true; coupon: CouponRow } | { ok: false; code: CouponRefusal };

/** Codes are matched case-insensitively and without surrounding spaces. */
function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * The coupon for this code if a fan may use it on this cart now: organiser and event scope, price
 * categories, active (not deactivated by the organiser), validity window, total uses (a use already
 * counted for this hold stays valid), uses per fan and currency. A code of this event's organiser
 * whose window has closed answers DISCOUNT_CODE_EXPIRED, one with no uses left (in all, or for this
 * fan) DISCOUNT_CODE_USED_UP; anything else (unknown, deactivated, another organiser's or event's,
 * not yet valid, not for these tickets) INVALID_DISCOUNT_CODE, so only a real code of the event is told apart.
 */
export async function findUsableCoupon(
  tx: Tx,
  input: { code: string; event: SaleEvent; userId: string; holdId: string; items: PricedItem[]; now: Date },
): Promise<CouponCheck> {
  const invalid = { ok: false, code: 'INVALID_DISCOUNT_CODE' } as const;
  const code = normaliseCouponCode(input.code);
  if (!code || code.length > 64) return invalid;
  const [coupon] = await tx.select().from(c).where(eq(sql`upper(${c.code})`, code)).limit(1);
  // A coupon the organiser deactivated is, to the fan, a code that does not exist.
  if (!coupon || !coupon.active) return invalid;
  if (coupon.orgId !== input.event.orgId) return invalid;
  if (coupon.eventId && coupon.eventId !== input.event.id) return invalid;
  const status = couponStatus(coupon, input.now);
  if (status === 'scheduled') return invalid;
  if (status === 'expired') return { ok: false, code: 'DISCOUNT_CODE_EXPIRED' };
  if (coupon.kind === 'fixed' && coupon.currency && coupon.currency !== input.event.currency) return invalid;
  if (!input.items.some((item) => couponApplies(coupon, item))) return invalid;
  const [mine] = await tx.select({ id: r.id }).from(r).where(and(eq(r.holdId, input.holdId), eq(r.couponId, coupon.id))).limit(1);
  if (status === 'used-up' && !mine) return { ok: false, code: 'DISCOUNT_CODE_USED_UP' };
  if (coupon.maxUsesPerUser != null) {
    const [{ used }] = await tx
      .select({ used: sql<number>`count(*)::int` })
      .from(r)
      .where(and(eq(r.couponId, coupon.id), eq(r.userId, input.userId), ne(r.holdId, input.holdId)));
    if (used >= coupon.maxUsesPerUser) return { ok: false, code: 'DISCOUNT_CODE_USED_UP' };
  }
  return { ok: true, coupon };
}
