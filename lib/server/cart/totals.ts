import 'server-only';
import { percentOf } from '@/lib/money';

export type Money = { amount: number; currency: 'EUR' | 'CZK' };

export type PricedItem = { kind: 'seat' | 'place' | 'resale'; ticketTypeCode: string; priceAmount: number; feeAmount: number };
export type CouponRule = { kind: 'percent' | 'fixed'; value: number; ticketTypeCodes: string[] | null };

/** Items a coupon reduces: primary-market tickets of its price categories (never resale listings). */
export function couponApplies(coupon: CouponRule, item: PricedItem): boolean {
  return item.kind !== 'resale' && (!coupon.ticketTypeCodes?.length || coupon.ticketTypeCodes.includes(item.ticketTypeCode));
}

/** Subtotal, discount, fees and total in minor units. The discount never exceeds what it applies to. */
export function cartTotals(items: PricedItem[], coupon: CouponRule | null) {
  const subtotal = items.reduce((sum, item) => sum + item.priceAmount, 0);
  const fees = items.reduce((sum, item) => sum + item.feeAmount, 0);
  let discount = 0;
  if (coupon) {
    const eligible = items.filter((item) => couponApplies(coupon, item)).reduce((sum, item) => sum + item.priceAmount, 0);
    discount = coupon.kind === 'percent' ? percentOf(eligible, Math.min(100, coupon.value)) : Math.min(coupon.value, eligible);
  }
  return { subtotal, discount, fees, total: subtotal - discount + fees };
}
