import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb, tables, type Tx } from '@/lib/server/db';
import { endHold } from '@/lib/server/cart/lifecycle';
import { releaseCoupon } from '@/lib/server/coupons/redeem';
import { fulfilOrder, markOrderPaid, UnitsGone } from '@/lib/server/orders/fulfil';
import { WalletCreditGone } from '@/lib/server/wallet';
import { paymentCoverage } from './coverage';
import { queueRefund, type RefundReason } from './refunds';
import type { PaymentNotice, PaymentProviderName } from './types';

export type OutcomeResult =
  | { kind: 'duplicate' }
  | { kind: 'ignored'; orderId?: string }
  | { kind: 'paid'; orderId: string; eventId: string; userId: string; ticketIds: string[] }
  | { kind: 'refunded'; orderId: string; paymentId: string; reason: RefundReason; amount: number; currency: 'EUR' | 'CZK'; eventId: string; userId: string }
  | { kind: 'failed'; orderId: string; eventId: string };

/**
 * Applies one verified provider notice. The notice's id goes into payment_events in the same
 * transaction, so the same notice twice does nothing the second time (and a failed attempt leaves no
 * mark, so the provider's retry runs it again).
 *
 * Paid: only the order's current payment, for exactly the order's total (paymentCoverage), completes
 * it: the order's units and listings become sold for this hold — those it still holds, or that are free
 * again after its time ran out and nobody took them. Any other payment, or one for units that are gone,
 * is queued for refund (refunds.ts) and issues nothing. Declined or cancelled: the cart is the fan's
 * again while its time lasts.
 */
export async function recordPaymentOutcome(input: { provider: PaymentProviderName; notice: PaymentNotice; now?: Date }): Promise<OutcomeResult> {
  const now = input.now ?? new Date();
  const { notice } = input;
  return getDb().transaction(async (tx): Promise<OutcomeResult> => {
    const [fresh] = await tx
      .insert(tables.paymentEvents)
      .values({ provider: input.provider, eventId: notice.eventId, receivedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: tables.paymentEvents.eventId });
    if (!fresh) return { kind: 'duplicate' };
    const p = tables.payments;
    const byId = notice.paymentId && /^[0-9a-f-]{36}$/i.test(notice.paymentId) ? eq(p.id, notice.paymentId) : null;
    const where = byId ?? (notice.providerRef ? eq(p.providerRef, notice.providerRef) : null);
    if (!where) return { kind: 'ignored' };
    const [found] = await tx
      .select({ id: p.id, holdId: tables.orders.holdId })
      .from(p)
      .innerJoin(tables.orders, eq(tables.orders.id, p.orderId))
      .where(and(where, eq(p.provider, input.provider)));
    if (!found) return { kind: 'ignored' };
    // Locked in the order every writer of a cart takes them (checkout, cart changes, the sweeper): hold,
    // order, payment. A notice and a checkout of the same order then queue instead of deadlocking, and
    // the notice sees the order as the checkout left it (its new current payment and total).
    await tx.select({ id: tables.holds.id }).from(tables.holds).where(eq(tables.holds.id, found.holdId)).for('update');
    const [order] = await tx.select().from(tables.orders).where(eq(tables.orders.holdId, found.holdId)).for('update');
    const [payment] = await tx.select().from(p).where(eq(p.id, found.id)).for('update');
    const isCurrent = order.currentPaymentId === payment.id;

    if (notice.outcome !== 'succeeded') {
      // A payment that is not the order's current one took no money and says nothing about the order.
      if (payment.status !== 'pending' || !isCurrent) return { kind: 'ignored', orderId: order.id };
      await tx.update(p).set({ status: notice.outcome, updatedAt: now }).where(eq(p.id, payment.id));
      if (order.status === 'pending') await backToCart(tx, order, notice.outcome === 'declined' ? 'failed' : 'cancelled', now);
      return { kind: 'failed', orderId: order.id, eventId: order.eventId };
    }

    // A declined payment took no money. A cancelled one (the fan changed the cart, gave up, or its time
    // ran out) may still complete at the provider: then the money is real and is honoured or refunded below.
    if (payment.status !== 'pending' && payment.status !== 'cancelled') return { kind: 'ignored', orderId: order.id };
    const refund = async (reason: RefundReason): Promise<OutcomeResult> => {
      await tx.update(p).set({ status: 'refunded', updatedAt: now }).where(eq(p.id, payment.id));
      await queueRefund(tx, { payment, reason, now });
      return { kind: 'refunded', orderId: order.id, paymentId: payment.id, reason, amount: payment.amount, currency: payment.currency, eventId: order.eventId, userId: order.userId };
    };
    const coverage = paymentCoverage(order, payment, { amount: notice.amount, currency: notice.currency });
    // Not the order's current payment (an earlier checkout, a retry): the order waits for its own.
    if (coverage === 'NOT_CURRENT') return refund('NOT_CURRENT');
    // Another payment of this order got there first.
    if (order.status === 'paid' || order.status === 'refunded') return refund('ORDER_ALREADY_PAID');
    if (coverage === 'AMOUNT_MISMATCH') {
      // Not what the order costs: the fan may check out again while the cart's time lasts.
      if (order.status === 'pending') await backToCart(tx, order, 'failed', now);
      return refund('AMOUNT_MISMATCH');
    }

    // The organiser cancelled the event meanwhile (events/cancel.ts ended this cart): nothing is sold, the money goes back.
    const [event] = await tx.select({ status: tables.events.status }).from(tables.events).where(eq(tables.events.id, order.eventId));
    if (event?.status === 'cancelled') {
      await tx.update(tables.orders).set({ status: 'refunded', note: 'EVENT_CANCELLED' }).where(eq(tables.orders.id, order.id));
      await endHold(tx, order.holdId, 'released', now);
      return refund('EVENT_CANCELLED');
    }

    const items = await tx.select().from(tables.orderItems).where(eq(tables.orderItems.orderId, order.id));
    const ticketIds = await tx
      .transaction(async (sp) => fulfilOrder(sp, { order, items, now }))
      .catch((error) => {
        if (error instanceof UnitsGone || error instanceof WalletCreditGone) return null;
        throw error;
      });
    if (!ticketIds) {
      await tx.update(tables.orders).set({ status: 'refunded', note: 'LATE_PAYMENT_UNITS_TAKEN' }).where(eq(tables.orders.id, order.id));
      await endHold(tx, order.holdId, 'expired', now);
      await releaseCoupon(tx, order.holdId);
      return refund('LATE_PAYMENT_UNITS_TAKEN');
    }
    await tx.update(p).set({ status: 'succeeded', updatedAt: now }).where(eq(p.id, payment.id));
    await markOrderPaid(tx, order, now);
    if (order.couponId) {
      // A late payment whose hold was swept gave its coupon use back; the discount was paid for, so it counts again.
      await tx
        .insert(tables.couponRedemptions)
        .values({ couponId: order.couponId, userId: order.userId, holdId: order.holdId })
        .onConflictDoNothing()
        .returning({ id: tables.couponRedemptions.id })
        .then(async (rows) => {
          if (rows.length) await bumpCoupon(tx, order.couponId!);
        });
    }
    return { kind: 'paid', orderId: order.id, eventId: order.eventId, userId: order.userId, ticketIds };
  });
}

/** The order did not go through: the hold is a cart again while its time lasts. */
async function backToCart(tx: Tx, order: typeof tables.orders.$inferSelect, status: 'failed' | 'cancelled', now: Date) {
  await tx.update(tables.orders).set({ status }).where(eq(tables.orders.id, order.id));
  await tx
    .update(tables.holds)
    .set({ status: 'active', updatedAt: now })
    .where(and(eq(tables.holds.id, order.holdId), eq(tables.holds.status, 'ordered')));
}

async function bumpCoupon(tx: Tx, couponId: string) {
  const [coupon] = await tx.select({ used: tables.coupons.usedCount }).from(tables.coupons).where(eq(tables.coupons.id, couponId)).for('update');
  await tx.update(tables.coupons).set({ usedCount: coupon.used + 1 }).where(eq(tables.coupons.id, couponId));
}

