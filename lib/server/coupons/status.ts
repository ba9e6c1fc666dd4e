import 'server-only';
import type { CouponStatus } from '@/lib/schemas/organiser-codes';

// The one rule of what state a coupon is in: the console shows it ("Expired", "Used up") and the cart
// refuses by it (validate.ts), so a coupon the office sees as active is one a fan can use, and back.

type CouponState = { active: boolean; validFrom: Date | null; validUntil: Date | null; maxUses: number | null; usedCount: number };

/**
 * inactive: the organiser turned it off; scheduled: its window has not opened; expired: its window has
 * closed; used-up: every use of its total limit is taken; else active. The organiser's switch first,
 * then time, then uses (an expired coupon that was also used up reads Expired: its date explains it).
 */
export function couponStatus(coupon: CouponState, now: Date): CouponStatus {
  if (!coupon.active) return 'inactive';
  if (coupon.validUntil && coupon.validUntil <= now) return 'expired';
  if (coupon.validFrom && coupon.validFrom > now) return 'scheduled';
  if (coupon.maxUses != null && coupon.usedCount >= coupon.maxUses) return 'used-up';
  return 'active';
}
