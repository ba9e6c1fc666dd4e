import 'server-only';
import { eq } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import { getDb, tables } from '@/lib/server/db';
import { findUsableCoupon } from '@/lib/server/coupons/validate';
import { hitRateLimit } from '@/lib/server/rate-limit';
import { findSaleEvent } from './event';
import { abortable, CartAbort } from './change';
import { liveHoldItems } from './items';
import { lockOpenHold } from './open-hold';
import { readCart } from './read';
import type { Actor, CartAnswer } from './types';

const h = tables.holds;

/** Discount-code tries per fan per window, as for redeem codes: guessing codes is hopeless at this rate. */
const COUPON_LIMIT = 5;
const COUPON_WINDOW_SECONDS = 60;
/**
 * Tries per client address in the same window, over all its accounts: accounts are free to make, so the
 * per-fan limit alone lets one machine guess as fast as it signs up. Several fans behind one address
 * (a family, an office, a mobile carrier's NAT) still have four fans' worth of tries a minute.
 */
const COUPON_ADDRESS_LIMIT = 20;

/**
 * Applies a discount code to the cart after checking every rule; the use is counted at checkout.
 * `clientAddress` (the API passes clientIp) adds the per-address limit.
 */
export async function applyCoupon(input: { user: Actor; eventRef: string; code: string; locale: Locale; clientAddress?: string; now?: Date }): Promise<CartAnswer> {
  const now = input.now ?? new Date();
  const limits = [{ key: `coupon:${input.user.id}`, limit: COUPON_LIMIT }];
  if (input.clientAddress) limits.push({ key: `coupon:ip:${input.clientAddress}`, limit: COUPON_ADDRESS_LIMIT });
  for (const { key, limit } of limits) {
    const attempt = await hitRateLimit(key, { limit, windowSeconds: COUPON_WINDOW_SECONDS }, now);
    if (!attempt.allowed) return { ok: false, code: 'RATE_LIMITED', retryAfterSeconds: attempt.retryAfterSeconds };
  }
  const event = await findSaleEvent(input.eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  const failure = await abortable(() =>
    getDb().transaction(async (tx) => {
      const hold = await lockOpenHold(tx, input.user.id, event, now, false);
      if (!hold) throw new CartAbort({ ok: false, code: 'INVALID_DISCOUNT_CODE' });
      const items = await liveHoldItems(tx, hold.id);
      const check = await findUsableCoupon(tx, { code: input.code, event, userId: input.user.id, holdId: hold.id, items, now });
      if (!check.ok) throw new CartAbort(check);
      await tx.update(h).set({ couponId: check.coupon.id, updatedAt: now }).where(eq(h.id, hold.id));
    }),
  );
  if (failure) return failure;
  return { ok: true, cart: await readCart(event, input.user.id, input.locale, now) };
}

export async function removeCoupon(input: { user: Actor; eventRef: string; locale: Locale; now?: Date }): Promise<CartAnswer> {
  const now = input.now ?? new Date();
  const event = await findSaleEvent(input.eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  await getDb().transaction(async (tx) => {
    const hold = await lockOpenHold(tx, input.user.id, event, now, false);
    if (hold) await tx.update(h).set({ couponId: null, updatedAt: now }).where(eq(h.id, hold.id));
  });
  return { ok: true, cart: await readCart(event, input.user.id, input.locale, now) };
}
