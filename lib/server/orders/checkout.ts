import 'server-only';
import type { BillingCompany } from '@/lib/server/db/schema';
import { textIn } from '@/lib/localized-text';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { getDb, tables } from '@/lib/server/db';
import type { Locale } from '@/lib/i18n/routing';
import { findSaleEvent } from '@/lib/server/cart/event';
import { liveHoldItems } from '@/lib/server/cart/items';
import { holdIsLive } from '@/lib/server/cart/live';
import { cartTotals } from '@/lib/server/cart/totals';
import { findUsableCoupon, type CouponRefusal } from '@/lib/server/coupons/validate';
import { redeemCoupon } from '@/lib/server/coupons/redeem';
import { unnamedLines } from '@/lib/server/named-tickets/holders';
import { recordOrderSpend, reserveWalletCredit } from '@/lib/server/wallet';
import { checkoutPoints, spendCheckoutPoints } from '@/lib/server/cart/loyalty';
import { activePaymentProvider, paymentProviderByName, type PaymentProvider } from '@/lib/server/payments';
import { fulfilOrder, markOrderPaid } from './fulfil';
import { announcePaidOrder } from './mail';
import { log } from '@/lib/server/ops/log';

export type CheckoutUrls = {
  /** Where the fan sees the order after paying. */
  success: (orderId: string) => string;
  /** Where the fan returns after giving up (the cart). */
  cancel: (orderId: string) => string;
  /** The built-in gateway's page of a payment. */
  gateway: (paymentId: string) => string;
};

export type CheckoutResult =
  /** paymentUrl: the provider's page; or, when nothing is left to pay (paid: true, no payment), the order page (urls.success). */
  | { ok: true; orderId: string; paid: false; paymentId: string; paymentUrl: string }
  | { ok: true; orderId: string; paid: true; paymentId: null; paymentUrl: string }
  | { ok: false; code: 'EVENT_NOT_FOUND' | 'CART_EMPTY' }
  /** A risk match: a named line of the cart has no holder yet (named-tickets/holders.ts). */
  | { ok: false; code: 'HOLDER_NAMES_MISSING' }
  /** The applied code no longer applies (it is taken off the cart): expired, used up or otherwise invalid. */
  | { ok: false; code: CouponRefusal }
  /** The organiser cancelled the event: its carts are ended and nothing more is sold (events/cancel.ts). */
  | { ok: false; code: 'NOT_ON_SALE' }
  /** The fan's points no longer cover what the cart pays with them (another checkout spent them): the cart shows what is left. */
  | { ok: false; code: 'LOYALTY_POINTS_CHANGED' }
  /** No payment provider is configured (a deployment without Stripe or PAYMENTS_TEST_GATEWAY=1). */
  | { ok: false; code: 'PAYMENTS_UNAVAILABLE' };

const h = tables.holds;

type PreviousPayment = { id: string; provider: string; providerRef: string | null; status: 'pending' | 'succeeded' | 'declined' | 'cancelled' | 'refunded' };

/**
 * Best effort: a provider that cannot close the old payment now (it is down, or the fan is paying it
 * this very moment) is no risk, because a payment that is not the order's current one never completes
 * it: if it is paid, it is refunded (payments/outcome.ts).
 */
async function cancelAtProvider(payment: PreviousPayment, current: PaymentProvider | null): Promise<void> {
  const provider = current && payment.provider === current.name ? current : paymentProviderByName(payment.provider);
  try {
    await provider?.cancelPayment({ id: payment.id, providerRef: payment.providerRef });
  } catch (error) {
    log().error({ err: error }, `Payment ${payment.id} could not be cancelled at ${payment.provider}`);
  }
}

/** Thrown inside checkout's transaction (so that it rolls back) when money is due and no provider can take it. */
class NoPaymentProvider extends Error {}

/**
 * Turns the fan's cart into an order bound to the hold (one order per hold, reused when the fan comes
 * back after a declined payment), counts the coupon use, and hands over to the payment provider.
 * The hold becomes 'ordered': its units stay held until its time runs out; nothing is binding until paid.
 *
 * Nothing left to pay (wallet credit, loyalty points or a coupon cover the whole total, or the tickets are
 * free): no payment is created — a provider cannot take 0 (Stripe refuses it). The order is completed in
 * this same transaction, as a paid notice would complete it (orders/fulfil.ts), with no current payment,
 * and the fan goes straight to the order page.
 */
export async function checkout(input: {
  user: { id: string; email: string };
  eventRef: string;
  locale: Locale;
  urls: CheckoutUrls;
  /** The provider to pay with (default: the active one); null: none, as on a deployment without payments. */
  provider?: PaymentProvider | null;
  now?: Date;
  /** A season-ticket hold (lib/server/seasons/buy.ts) instead of the event's cart; eventRef is its first match. */
  seasonId?: string;
  /** The company the fan buys for: its tax documents are in the company's name (documents/). */
  billing?: BillingCompany | null;
}): Promise<CheckoutResult> {
  const now = input.now ?? new Date();
  // Asked for only when money is due: an order with nothing to pay needs no provider.
  const provider = input.provider === undefined ? activePaymentProvider() : input.provider;
  const event = await findSaleEvent(input.eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  if (event.status === 'cancelled') return { ok: false, code: 'NOT_ON_SALE' };
  const db = getDb();
  const prepared = await db.transaction(async (tx) => {
    const [hold] = await tx
      .select({ id: h.id, expiresAt: h.expiresAt, couponId: h.couponId, live: holdIsLive(now) })
      .from(h)
      .where(and(eq(h.userId, input.user.id), eq(h.eventId, event.id), inArray(h.status, ['active', 'ordered']), input.seasonId ? eq(h.seasonId, input.seasonId) : isNull(h.seasonId)))
      .for('update');
    if (!hold?.live) return { ok: false as const, code: 'CART_EMPTY' as const };
    // Read afresh under the cart's lock (the event above may be a moment old): a cancellation either ended
    // this cart already, or waits for this lock and then cancels the order written here.
    const [state] = await tx.select({ status: tables.events.status }).from(tables.events).where(eq(tables.events.id, event.id));
    if (state?.status === 'cancelled') return { ok: false as const, code: 'NOT_ON_SALE' as const };
    const items = await liveHoldItems(tx, hold.id);
    if (!items.length) return { ok: false as const, code: 'CART_EMPTY' as const };
    if ((await unnamedLines(tx, hold.id)) > 0) return { ok: false as const, code: 'HOLDER_NAMES_MISSING' as const };
    let coupon = null;
    if (hold.couponId) {
      const [applied] = await tx.select({ code: tables.coupons.code }).from(tables.coupons).where(eq(tables.coupons.id, hold.couponId));
      const check = applied
        ? await findUsableCoupon(tx, { code: applied.code, event, userId: input.user.id, holdId: hold.id, items, now })
        : ({ ok: false, code: 'INVALID_DISCOUNT_CODE' } as const);
      const refusal: CouponRefusal | null = !check.ok
        ? check.code
        : (await redeemCoupon(tx, { couponId: check.coupon.id, userId: input.user.id, holdId: hold.id }))
          ? null
          : 'DISCOUNT_CODE_USED_UP';
      if (refusal || !check.ok) {
        // The code ran out (or its window closed) since it was applied: the fan sees the new total first.
        await tx.update(h).set({ couponId: null, updatedAt: now }).where(eq(h.id, hold.id));
        return { ok: false as const, code: refusal ?? 'INVALID_DISCOUNT_CODE' };
      }
      coupon = check.coupon;
    }
    const totals = cartTotals(items, coupon);
    // Loyalty points first (cart/loyalty.ts: the balance row is locked), then wallet credit on what is left.
    // A season ticket is paid with money only (no points, no wallet credit below): its price is split over its
    // matches (functions.sql order_split), and a cancelled match gives its share back to that money.
    const points = input.seasonId
      ? ({ ok: true, points: 0, amount: 0, standing: 0 } as const)
      : await checkoutPoints(tx, { event, userId: input.user.id, holdId: hold.id, items, coupon });
    if (!points.ok) return points;
    const total = totals.total - points.amount;
    const values = {
      status: 'pending' as const,
      currency: event.currency,
      subtotalAmount: totals.subtotal,
      discountAmount: totals.discount,
      feeAmount: totals.fees,
      totalAmount: total,
      loyaltyPoints: points.points,
      loyaltyAmount: points.amount,
      couponId: coupon?.id ?? null,
      locale: input.locale,
      note: null,
      billing: input.billing ?? null,
    };
    const [existing] = await tx
      .select({ id: tables.orders.id, currentPaymentId: tables.orders.currentPaymentId })
      .from(tables.orders)
      .where(eq(tables.orders.holdId, hold.id))
      .for('update');
    // Wallet credit with the organiser (lib/server/wallet): the wallet is locked, so two checkouts at once spend it once.
    const walletKey = { userId: input.user.id, orgId: event.orgId, currency: event.currency };
    const walletCredit = input.seasonId ? 0 : await reserveWalletCredit(tx, walletKey, { total, orderId: existing?.id ?? null, now });
    values.totalAmount = total - walletCredit;
    let orderId: string;
    let previous: PreviousPayment | null = null;
    if (existing) {
      orderId = existing.id;
      if (existing.currentPaymentId) {
        const p = tables.payments;
        [previous] = await tx.select({ id: p.id, provider: p.provider, providerRef: p.providerRef, status: p.status }).from(p).where(eq(p.id, existing.currentPaymentId));
      }
      await tx.update(tables.orders).set(values).where(eq(tables.orders.id, orderId));
      await tx.delete(tables.orderItems).where(eq(tables.orderItems.orderId, orderId));
      // Earlier attempts at the provider no longer count for this order: once the new payment is the
      // current one (below, in this transaction), any of them that still completes is refunded.
      await tx
        .update(tables.payments)
        .set({ status: 'cancelled', updatedAt: now })
        .where(and(eq(tables.payments.orderId, orderId), eq(tables.payments.status, 'pending')));
    } else {
      [{ id: orderId }] = await tx
        .insert(tables.orders)
        .values({ ...values, userId: input.user.id, eventId: event.id, holdId: hold.id, createdAt: now })
        .returning({ id: tables.orders.id });
    }
    // A package's tickets keep their cart line (hold_packages): the receipt shows the package as one line.
    const hi = tables.holdItems;
    const packageLineOf = new Map(
      (await tx.select({ id: hi.id, line: hi.packageLineId }).from(hi).where(and(eq(hi.holdId, hold.id), isNotNull(hi.packageLineId)))).map((row) => [row.id, row.line]),
    );
    await tx.insert(tables.orderItems).values(
      items.map((item) => ({
        orderId,
        unitId: item.unitId,
        listingId: item.listingId,
        ticketTypeId: item.ticketTypeId,
        priceAmount: item.priceAmount,
        feeAmount: item.feeAmount,
        packageLineId: packageLineOf.get(item.id) ?? null,
      })),
    );
    await spendCheckoutPoints(tx, orderId, points);
    if (!input.seasonId) await recordOrderSpend(tx, walletKey, { orderId, amount: walletCredit, now });
    if (values.totalAmount === 0) {
      // Nothing to pay: the order is complete now. No current payment (a pending one of an earlier attempt
      // was cancelled above, and is refunded should it still be paid); credit and points were spent above.
      await tx.update(tables.orders).set({ currentPaymentId: null }).where(eq(tables.orders.id, orderId));
      const [order] = await tx.select().from(tables.orders).where(eq(tables.orders.id, orderId));
      const orderItems = await tx.select().from(tables.orderItems).where(eq(tables.orderItems.orderId, orderId));
      // The hold is live and locked here, so its units and listings are its own to sell: a failure is a bug.
      await fulfilOrder(tx, { order, items: orderItems, now });
      await markOrderPaid(tx, order, now);
      return { ok: true as const, paid: true as const, orderId, previous };
    }
    if (!provider) throw new NoPaymentProvider();
    await tx.update(h).set({ status: 'ordered', updatedAt: now }).where(eq(h.id, hold.id));
    const [payment] = await tx
      .insert(tables.payments)
      .values({ orderId, provider: provider.name, status: 'pending', amount: values.totalAmount, currency: event.currency, createdAt: now, updatedAt: now })
      .returning({ id: tables.payments.id });
    await tx.update(tables.orders).set({ currentPaymentId: payment.id }).where(eq(tables.orders.id, orderId));
    return { ok: true as const, paid: false as const, orderId, paymentId: payment.id, amount: values.totalAmount, expiresAt: hold.expiresAt, previous };
  }).catch((error) => {
    if (error instanceof NoPaymentProvider) return { ok: false as const, code: 'PAYMENTS_UNAVAILABLE' as const };
    throw error;
  });
  if (!prepared.ok) return prepared;
  const previous = prepared.previous;
  // The payment this one replaces is closed at its provider too (Stripe: its Checkout session expires).
  const cancelled = previous && (previous.status === 'pending' || previous.status === 'cancelled') ? cancelAtProvider(previous, provider) : null;
  if (prepared.paid) {
    await cancelled;
    await announcePaidOrder({ orderId: prepared.orderId, eventId: event.id });
    return { ok: true, orderId: prepared.orderId, paid: true, paymentId: null, paymentUrl: input.urls.success(prepared.orderId) };
  }
  // Money is due, so the transaction found a provider (NoPaymentProvider otherwise).
  const created = await provider!.createPayment({
    paymentId: prepared.paymentId,
    orderId: prepared.orderId,
    amount: prepared.amount,
    currency: event.currency,
    description: textIn(event.title, input.locale),
    locale: input.locale,
    buyerEmail: input.user.email,
    successUrl: input.urls.success(prepared.orderId),
    cancelUrl: input.urls.cancel(prepared.orderId),
    gatewayUrl: input.urls.gateway(prepared.paymentId),
    expiresAt: prepared.expiresAt,
  });
  await db.update(tables.payments).set({ providerRef: created.providerRef }).where(eq(tables.payments.id, prepared.paymentId));
  await cancelled;
  return { ok: true, orderId: prepared.orderId, paid: false, paymentId: prepared.paymentId, paymentUrl: created.redirectUrl };
}
