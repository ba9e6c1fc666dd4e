import { eq, inArray } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { addToCart, applyCoupon, getCart, removeFromCart } from '@/lib/server/cart';
import { eventChanged } from '@/lib/server/events/changed';
import { checkout } from '@/lib/server/orders/checkout';
import { getOrder, getPaymentForGateway } from '@/lib/server/orders/read';
import { testGateway, signedGatewayNotice } from '@/lib/server/payments/test-gateway';
import { handlePaymentNotice } from '@/lib/server/payments/webhook';
import { processDueRefunds } from '@/lib/server/payments/refunds';
import type { PaymentProvider } from '@/lib/server/payments';
import { sweepExpiredHolds } from '@/lib/server/cart/sweep';
import { POST as webhookRoute } from '@/tests/helpers/api';
import { useTestDatabase } from '../helpers/db';
import { freeSeatsOf } from '../helpers/seats';
import { log } from '@/lib/server/ops/log';

const t = useTestDatabase({ seeded: true });

const STADIUM = 'dunaj-bratislava-fc-kosice';
const MIN = 60_000;
const urls = { success: (id: string) => `http://x/orders/${id}`, cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` };


let n = 0;
async function newFan(locale: 'sk' | 'cs' | 'en' = 'en') {
  const [user] = await t.db
    .insert(s.users)
    .values({ email: `buyer-${n++}-${Date.now()}@example.com`, firstName: 'Eva', lastName: 'Kupcová', locale })
    .returning({ id: s.users.id, email: s.users.email });
  return { id: user.id, email: user.email! };
}

let seatOffset = 0;
async function freeSeats(count: number) {
  const seats = await freeSeatsOf(t.db, STADIUM, count, seatOffset);
  seatOffset += count + 5;
  return seats;
}

async function holdAndCheckout(fan: { id: string; email: string }, seats: string[], now = new Date(), code?: string) {
  const held = await addToCart({ user: fan, eventRef: STADIUM, selection: { seatIds: seats }, locale: 'en', now });
  if (!held.ok) throw new Error(held.code);
  if (code) {
    const applied = await applyCoupon({ user: fan, eventRef: STADIUM, code, locale: 'en', now });
    if (!applied.ok) throw new Error(applied.code);
  }
  const result = await checkout({ user: fan, eventRef: STADIUM, locale: 'en', urls, now });
  if (!result.ok || result.paid) throw new Error(result.ok ? 'paid at checkout' : result.code);
  return { ...result, cart: held.cart };
}

const notice = (paymentId: string, outcome: 'succeeded' | 'declined' | 'cancelled') => {
  const { eventId } = signedGatewayNotice(paymentId, outcome);
  return { eventId, paymentId, outcome };
};

async function ticketsOf(orderId: string) {
  return t.db.select().from(s.tickets).where(eq(s.tickets.orderId, orderId));
}

describe('checkout and payment', () => {
  it('creates an order bound to the hold and sends the fan to the test gateway', async () => {
    const fan = await newFan();
    const { orderId, paymentId, paymentUrl } = await holdAndCheckout(fan, await freeSeats(2));
    expect(paymentUrl).toBe(`/en/pay/${paymentId}`);
    const [order] = await t.db.select().from(s.orders).where(eq(s.orders.id, orderId));
    expect(order.status).toBe('pending');
    const [hold] = await t.db.select().from(s.holds).where(eq(s.holds.id, order.holdId));
    expect(hold.status).toBe('ordered');
    const cart = await getCart({ user: fan, eventRef: STADIUM, locale: 'en' });
    expect(cart.ok && cart.cart).toMatchObject({ status: 'ordered', orderId, count: 2 });
    const view = await getOrder({ user: fan, orderId, locale: 'en' });
    expect(view).toMatchObject({ result: 'pending', ticketCount: 0 });
    // nobody else sees it
    expect(await getOrder({ user: await newFan(), orderId, locale: 'en' })).toBeNull();
  });

  it('paid: issues one ticket per unit, sells the units, completes the hold, emails the buyer; the same webhook twice issues once', async () => {
    const fan = await newFan('sk');
    const seats = await freeSeats(3);
    const { orderId, paymentId } = await holdAndCheckout(fan, seats);
    const body = JSON.stringify(signedGatewayNotice(paymentId, 'succeeded'));
    const call = () =>
      webhookRoute(new Request('http://localhost/api/v1/payments/test/webhook', { method: 'POST', body }), { params: Promise.resolve({ provider: 'test' }) });
    const first = await call();
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ result: 'paid', orderId });
    const second = await call();
    expect(await second.json()).toMatchObject({ result: 'duplicate' });
    const tickets = await ticketsOf(orderId);
    expect(tickets).toHaveLength(3);
    expect(tickets.every((tk) => tk.ownerId === fan.id && tk.status === 'valid' && tk.version === 1 && tk.secret.length >= 40)).toBe(true);
    expect(new Set(tickets.map((tk) => tk.secret)).size).toBe(3);
    const units = await t.db.select().from(s.inventoryUnits).where(inArray(s.inventoryUnits.seatId, seats));
    expect(units.filter((u) => u.eventId === tickets[0].eventId).every((u) => u.status === 'sold')).toBe(true);
    const [order] = await t.db.select().from(s.orders).where(eq(s.orders.id, orderId));
    expect(order.status).toBe('paid');
    const [hold] = await t.db.select().from(s.holds).where(eq(s.holds.id, order.holdId));
    expect(hold.status).toBe('completed');
    const mails = await t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, fan.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'order-paid', locale: 'sk' });
    expect(mails[0].subject).toMatch(/^Vaše vstupenky na /);
    expect(mails[0].textBody).toContain('3 vstupenky');
    // the cart is empty now and the sweeper has nothing to do with a paid hold
    const cart = await getCart({ user: fan, eventRef: STADIUM, locale: 'en' });
    expect(cart.ok && cart.cart.count).toBe(0);
    expect(await sweepExpiredHolds({ now: new Date(Date.now() + 60 * MIN) })).not.toContain(order.holdId);
    expect((await getOrder({ user: fan, orderId, locale: 'en' }))?.result).toBe('paid');
  });

  it('rejects a forged gateway notice', async () => {
    const fan = await newFan();
    const { paymentId } = await holdAndCheckout(fan, await freeSeats(1));
    const forged = { ...signedGatewayNotice(paymentId, 'succeeded'), signature: 'x'.repeat(43) };
    const response = await webhookRoute(new Request('http://localhost/api/v1/payments/test/webhook', { method: 'POST', body: JSON.stringify(forged) }), {
      params: Promise.resolve({ provider: 'test' }),
    });
    expect(response.status).toBe(400);
    expect(await testGateway.parseWebhook(JSON.stringify(signedGatewayNotice(paymentId, 'declined')), new Headers())).toMatchObject({ outcome: 'declined' });
  });

  it('declined: back to the cart with the hold still running; paying again reuses the order', async () => {
    const fan = await newFan();
    const first = await holdAndCheckout(fan, await freeSeats(1));
    expect(await handlePaymentNotice(testGateway, notice(first.paymentId, 'declined'))).toMatchObject({ kind: 'failed' });
    const [order] = await t.db.select().from(s.orders).where(eq(s.orders.id, first.orderId));
    expect(order.status).toBe('failed');
    const [hold] = await t.db.select().from(s.holds).where(eq(s.holds.id, order.holdId));
    expect(hold.status).toBe('active');
    const cart = await getCart({ user: fan, eventRef: STADIUM, locale: 'en' });
    expect(cart.ok && cart.cart).toMatchObject({ status: 'active', count: 1 });
    // a late "paid" for the declined payment changes nothing
    expect(await handlePaymentNotice(testGateway, notice(first.paymentId, 'succeeded'))).toMatchObject({ kind: 'ignored' });
    const again = await checkout({ user: fan, eventRef: STADIUM, locale: 'en', urls });
    if (!again.ok || again.paid) throw new Error(again.ok ? 'paid at checkout' : again.code);
    expect(again.orderId).toBe(first.orderId);
    expect(again.paymentId).not.toBe(first.paymentId);
    expect(await handlePaymentNotice(testGateway, notice(again.paymentId, 'succeeded'))).toMatchObject({ kind: 'paid' });
    expect(await ticketsOf(first.orderId)).toHaveLength(1);
  });

  it('changing the cart at checkout: a seat that cannot be had leaves the checkout as it was; one that can makes it a cart again', async () => {
    const fan = await newFan();
    const other = await newFan();
    const [mine, theirs, free] = await freeSeats(3);
    const started = await holdAndCheckout(fan, [mine]);
    expect((await addToCart({ user: other, eventRef: STADIUM, selection: { seatIds: [theirs] }, locale: 'en' })).ok).toBe(true);
    const orderStatus = async () => (await t.db.select().from(s.orders).where(eq(s.orders.id, started.orderId)))[0].status;
    const holdStatus = async () => (await t.db.select().from(s.holds).where(eq(s.holds.id, started.cart.holdId!)))[0].status;

    expect(await addToCart({ user: fan, eventRef: STADIUM, selection: { seatIds: [theirs] }, locale: 'en' })).toMatchObject({ ok: false, code: 'SEAT_TAKEN' });
    expect(await orderStatus()).toBe('pending');
    expect(await holdStatus()).toBe('ordered');

    const more = await addToCart({ user: fan, eventRef: STADIUM, selection: { seatIds: [free] }, locale: 'en' });
    expect(more.ok && more.cart).toMatchObject({ status: 'active', count: 2, holdId: started.cart.holdId, orderId: null });
    expect(await orderStatus()).toBe('cancelled');
    expect(await holdStatus()).toBe('active');
  });

  it('taking a ticket out at checkout makes it a cart again', async () => {
    const fan = await newFan();
    const started = await holdAndCheckout(fan, await freeSeats(2));
    const removed = await removeFromCart({ user: fan, eventRef: STADIUM, itemId: started.cart.items[0].id, locale: 'en' });
    expect(removed.ok && removed.cart).toMatchObject({ status: 'active', count: 1 });
    const [order] = await t.db.select().from(s.orders).where(eq(s.orders.id, started.orderId));
    expect(order.status).toBe('cancelled');
  });

  it('a payment after expiry issues the tickets when the units are still free', async () => {
    const t0 = new Date();
    const fan = await newFan();
    const { orderId, paymentId } = await holdAndCheckout(fan, await freeSeats(2), t0);
    const late = new Date(t0.getTime() + 12 * MIN);
    await sweepExpiredHolds({ now: late });
    const result = await handlePaymentNotice(testGateway, notice(paymentId, 'succeeded'), late);
    expect(result).toMatchObject({ kind: 'paid' });
    expect(await ticketsOf(orderId)).toHaveLength(2);
    const [order] = await t.db.select().from(s.orders).where(eq(s.orders.id, orderId));
    expect(order.status).toBe('paid');
  });

  it('a payment after expiry is refunded when someone else took a unit, and the fan is told', async () => {
    const t0 = new Date();
    const fan = await newFan();
    const seats = await freeSeats(2);
    const { orderId, paymentId } = await holdAndCheckout(fan, seats, t0);
    const late = new Date(t0.getTime() + 12 * MIN);
    const rival = await newFan();
    expect((await addToCart({ user: rival, eventRef: STADIUM, selection: { seatIds: [seats[1]] }, locale: 'en', now: late })).ok).toBe(true);
    const result = await handlePaymentNotice(testGateway, notice(paymentId, 'succeeded'), late);
    expect(result).toMatchObject({ kind: 'refunded' });
    expect(await ticketsOf(orderId)).toHaveLength(0);
    const [payment] = await t.db.select().from(s.payments).where(eq(s.payments.id, paymentId));
    expect(payment.status).toBe('refunded');
    const view = await getOrder({ user: fan, orderId, locale: 'en' });
    expect(view).toMatchObject({ status: 'refunded', result: 'failed', refundedLate: true });
    // the free seat went back to sale, the rival's seat stays the rival's
    const units = await t.db.select().from(s.inventoryUnits).where(inArray(s.inventoryUnits.seatId, seats));
    const [e] = await t.db.select().from(s.events).where(eq(s.events.slug, STADIUM));
    const mine = units.filter((u) => u.eventId === e.id);
    expect(mine.find((u) => u.seatId === seats[0])?.status).toBe('available');
    expect(mine.find((u) => u.seatId === seats[1])?.status).toBe('held');
    const mails = await t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, fan.email));
    expect(mails.map((m) => m.kind)).toEqual(['order-refunded']);
  });

  it('the discount survives to the order and the coupon use is counted once per hold', async () => {
    const fan = await newFan();
    const [coupon] = await t.db.select().from(s.coupons).where(eq(s.coupons.code, 'DUNAJ10'));
    const before = coupon.usedCount;
    const { orderId, paymentId, cart } = await holdAndCheckout(fan, await freeSeats(2), new Date(), 'DUNAJ10');
    // going back to checkout does not count it again
    const again = await checkout({ user: fan, eventRef: STADIUM, locale: 'en', urls });
    expect(again.ok && again.orderId).toBe(orderId);
    const [order] = await t.db.select().from(s.orders).where(eq(s.orders.id, orderId));
    expect(order.discountAmount).toBe(Math.floor(cart.subtotal.amount / 10));
    expect(order.totalAmount).toBe(order.subtotalAmount - order.discountAmount + order.feeAmount);
    expect(order.couponId).toBe(coupon.id);
    const [afterCheckout] = await t.db.select().from(s.coupons).where(eq(s.coupons.id, coupon.id));
    expect(afterCheckout.usedCount).toBe(before + 1);
    const paid = again.ok && !again.paid ? again.paymentId : paymentId;
    expect(await handlePaymentNotice(testGateway, notice(paid, 'succeeded'))).toMatchObject({ kind: 'paid' });
    const [afterPaid] = await t.db.select().from(s.coupons).where(eq(s.coupons.id, coupon.id));
    expect(afterPaid.usedCount).toBe(before + 1);
    const [payment] = await t.db.select().from(s.payments).where(eq(s.payments.id, paid));
    expect(payment.amount).toBe(order.totalAmount);
  });

  it('an unpaid hold that expires gives its coupon use back', async () => {
    const t0 = new Date();
    const fan = await newFan();
    const [coupon] = await t.db.select().from(s.coupons).where(eq(s.coupons.code, 'DUNAJ10'));
    await holdAndCheckout(fan, await freeSeats(1), t0, 'DUNAJ10');
    const [counted] = await t.db.select().from(s.coupons).where(eq(s.coupons.id, coupon.id));
    expect(counted.usedCount).toBe(coupon.usedCount + 1);
    await sweepExpiredHolds({ now: new Date(t0.getTime() + 11 * MIN) });
    const [back] = await t.db.select().from(s.coupons).where(eq(s.coupons.id, coupon.id));
    expect(back.usedCount).toBe(coupon.usedCount);
  });

  it('a once-per-fan code cannot be used on a second order, and a code used up meanwhile is refused at checkout', async () => {
    const fan = await newFan();
    const first = await holdAndCheckout(fan, await freeSeats(1), new Date(), 'PRVYZAPAS');
    await handlePaymentNotice(testGateway, notice(first.paymentId, 'succeeded'));
    await addToCart({ user: fan, eventRef: STADIUM, selection: { seatIds: await freeSeats(1) }, locale: 'en' });
    expect(await applyCoupon({ user: fan, eventRef: STADIUM, code: 'PRVYZAPAS', locale: 'en' })).toMatchObject({ ok: false, code: 'DISCOUNT_CODE_USED_UP' });

    const [e] = await t.db.select().from(s.events).where(eq(s.events.slug, STADIUM));
    const [one] = await t.db.insert(s.coupons).values({ code: 'JEDEN', orgId: e.orgId, kind: 'percent', value: 50, maxUses: 1 }).returning();
    const [a, b] = [await newFan(), await newFan()];
    for (const fanX of [a, b]) {
      await addToCart({ user: fanX, eventRef: STADIUM, selection: { seatIds: await freeSeats(1) }, locale: 'en' });
      expect((await applyCoupon({ user: fanX, eventRef: STADIUM, code: 'JEDEN', locale: 'en' })).ok).toBe(true);
    }
    expect((await checkout({ user: a, eventRef: STADIUM, locale: 'en', urls })).ok).toBe(true);
    expect(await checkout({ user: b, eventRef: STADIUM, locale: 'en', urls })).toMatchObject({ ok: false, code: 'DISCOUNT_CODE_USED_UP' });
    const cartB = await getCart({ user: b, eventRef: STADIUM, locale: 'en' });
    expect(cartB.ok && cartB.cart).toMatchObject({ couponCode: null, discount: { amount: 0 } });
    const [used] = await t.db.select().from(s.coupons).where(eq(s.coupons.id, one.id));
    expect(used.usedCount).toBe(1);
  });

  it('buys a resale listing: the ticket moves with a new secret and version, the seller is owed price − fee', async () => {
    const [e] = await t.db.select().from(s.events).where(eq(s.events.slug, STADIUM));
    await t.db.update(s.events).set({ resaleEnabled: true, resaleSellerFeeBps: 500, resaleBuyerFeeBps: 300 }).where(eq(s.events.id, e.id));
    await eventChanged(e.id);
    const seller = await newFan();
    const sold = await holdAndCheckout(seller, await freeSeats(1));
    await handlePaymentNotice(testGateway, notice(sold.paymentId, 'succeeded'));
    const [ticket] = await ticketsOf(sold.orderId);
    await t.db.update(s.tickets).set({ status: 'listed' }).where(eq(s.tickets.id, ticket.id));
    const [listing] = await t.db
      .insert(s.resaleListings)
      .values({ ticketId: ticket.id, eventId: e.id, sellerId: seller.id, priceAmount: 2000, currency: 'EUR' })
      .returning();
    // the seller cannot buy their own listing
    expect(await addToCart({ user: seller, eventRef: STADIUM, selection: { listingId: listing.id }, locale: 'en' })).toMatchObject({ ok: false, code: 'OWN_LISTING' });
    const buyer = await newFan();
    const held = await addToCart({ user: buyer, eventRef: STADIUM, selection: { listingId: listing.id }, locale: 'en' });
    if (!held.ok) throw new Error(held.code);
    expect(held.cart.items[0]).toMatchObject({ kind: 'resale', price: { amount: 2000 }, fee: { amount: 60 } });
    expect(held.cart.items[0].seat).not.toBeNull();
    // a second buyer cannot hold it meanwhile
    const other = await newFan();
    expect(await addToCart({ user: other, eventRef: STADIUM, selection: { listingId: listing.id }, locale: 'en' })).toMatchObject({ ok: false, code: 'LISTING_SOLD' });
    // taken out of the cart, it is on sale again at once; the first buyer then holds it again
    expect(await removeFromCart({ user: buyer, eventRef: STADIUM, itemId: held.cart.items[0].id, locale: 'en' })).toMatchObject({ ok: true, cart: { count: 0 } });
    const [released] = await t.db.select().from(s.resaleListings).where(eq(s.resaleListings.id, listing.id));
    expect(released).toMatchObject({ status: 'active', holdId: null, heldUntil: null });
    const taken = await addToCart({ user: other, eventRef: STADIUM, selection: { listingId: listing.id }, locale: 'en' });
    if (!taken.ok) throw new Error(taken.code);
    await removeFromCart({ user: other, eventRef: STADIUM, itemId: taken.cart.items[0].id, locale: 'en' });
    expect((await addToCart({ user: buyer, eventRef: STADIUM, selection: { listingId: listing.id }, locale: 'en' })).ok).toBe(true);
    const result = await checkout({ user: buyer, eventRef: STADIUM, locale: 'en', urls });
    if (!result.ok || result.paid) throw new Error(result.ok ? 'paid at checkout' : result.code);
    expect(await handlePaymentNotice(testGateway, notice(result.paymentId, 'succeeded'))).toMatchObject({ kind: 'paid' });
    const [moved] = await t.db.select().from(s.tickets).where(eq(s.tickets.id, ticket.id));
    expect(moved).toMatchObject({ ownerId: buyer.id, version: 2, status: 'valid', orderId: result.orderId });
    expect(moved.secret).not.toBe(ticket.secret);
    const [after] = await t.db.select().from(s.resaleListings).where(eq(s.resaleListings.id, listing.id));
    expect(after.status).toBe('sold');
    const [payout] = await t.db.select().from(s.payouts).where(eq(s.payouts.listingId, listing.id));
    expect(payout).toMatchObject({ userId: seller.id, grossAmount: 2000, feeAmount: 100, netAmount: 1900 });
    const [order] = await t.db.select().from(s.orders).where(eq(s.orders.id, result.orderId));
    expect(order.totalAmount).toBe(2060);
  });
});

describe('money is checked, not trusted', () => {
  const paymentRow = async (id: string) => (await t.db.select().from(s.payments).where(eq(s.payments.id, id)))[0];
  const orderRow = async (id: string) => (await t.db.select().from(s.orders).where(eq(s.orders.id, id)))[0];
  const holdRow = async (id: string) => (await t.db.select().from(s.holds).where(eq(s.holds.id, id)))[0];
  const refundOf = async (paymentId: string) => (await t.db.select().from(s.refunds).where(eq(s.refunds.paymentId, paymentId)))[0];

  it('an older, cheaper payment paid after the order got a new one is refunded and issues no tickets; the current one pays', async () => {
    const fan = await newFan();
    const [first, ...more] = await freeSeats(6);
    const cheap = await holdAndCheckout(fan, [first]);
    // the fan fills the cart and checks out again: the same order now costs six tickets
    expect((await addToCart({ user: fan, eventRef: STADIUM, selection: { seatIds: more }, locale: 'en' })).ok).toBe(true);
    const full = await checkout({ user: fan, eventRef: STADIUM, locale: 'en', urls });
    if (!full.ok || full.paid) throw new Error(full.ok ? 'paid at checkout' : full.code);
    expect(full.orderId).toBe(cheap.orderId);
    const cheapPayment = await paymentRow(cheap.paymentId);
    expect((await orderRow(full.orderId)).totalAmount).toBeGreaterThan(cheapPayment.amount);

    // the old payment completes at the provider anyway (a tab left open)
    expect(await handlePaymentNotice(testGateway, notice(cheap.paymentId, 'succeeded'))).toMatchObject({ kind: 'refunded' });
    expect(await ticketsOf(full.orderId)).toHaveLength(0);
    const order = await orderRow(full.orderId);
    expect(order.status).toBe('pending');
    expect((await holdRow(order.holdId)).status).toBe('ordered');
    expect(await refundOf(cheap.paymentId)).toMatchObject({ amount: cheapPayment.amount, currency: 'EUR', provider: 'test', status: 'pending' });
    expect(await getOrder({ user: fan, orderId: full.orderId, locale: 'en' })).toMatchObject({
      result: 'pending',
      refunds: [{ amount: { amount: cheapPayment.amount, currency: 'EUR' }, status: 'pending' }],
    });
    // the gateway page offers to pay only the current payment
    expect(await getPaymentForGateway({ user: fan, paymentId: cheap.paymentId, locale: 'en' })).toMatchObject({ payable: false });
    expect(await getPaymentForGateway({ user: fan, paymentId: full.paymentId, locale: 'en' })).toMatchObject({ payable: true });

    // the current payment, for the whole order, issues its six tickets
    expect(await handlePaymentNotice(testGateway, notice(full.paymentId, 'succeeded'))).toMatchObject({ kind: 'paid' });
    expect(await ticketsOf(full.orderId)).toHaveLength(6);
    await processDueRefunds();
    expect(await refundOf(cheap.paymentId)).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(await getOrder({ user: fan, orderId: full.orderId, locale: 'en' })).toMatchObject({
      result: 'paid',
      refunds: [{ amount: { amount: cheapPayment.amount }, status: 'refunded' }],
    });
    // a second notice of the old payment changes nothing and queues nothing more
    expect(await handlePaymentNotice(testGateway, { ...notice(cheap.paymentId, 'succeeded'), eventId: 'again' })).toMatchObject({ kind: 'ignored' });
    expect(await t.db.select().from(s.refunds).where(eq(s.refunds.paymentId, cheap.paymentId))).toHaveLength(1);
  });

  it('checking out again for the same cart makes the earlier payment one that can only be refunded', async () => {
    const fan = await newFan();
    const first = await holdAndCheckout(fan, await freeSeats(2));
    const retry = await checkout({ user: fan, eventRef: STADIUM, locale: 'en', urls });
    if (!retry.ok || retry.paid) throw new Error(retry.ok ? 'paid at checkout' : retry.code);
    expect((await paymentRow(retry.paymentId)).amount).toBe((await paymentRow(first.paymentId)).amount);
    expect(await handlePaymentNotice(testGateway, notice(first.paymentId, 'succeeded'))).toMatchObject({ kind: 'refunded' });
    expect(await ticketsOf(first.orderId)).toHaveLength(0);
    expect(await handlePaymentNotice(testGateway, notice(retry.paymentId, 'succeeded'))).toMatchObject({ kind: 'paid' });
    expect(await ticketsOf(first.orderId)).toHaveLength(2);
    expect(await refundOf(first.paymentId)).toMatchObject({ status: 'pending' });
    expect(await refundOf(retry.paymentId)).toBeUndefined();
  });

  it.each([
    ['amount', { amount: 100 }],
    ['currency', { currency: 'CZK' as const }],
  ])('the current payment with another %s than the order is refunded, issues nothing, and the cart is the fan’s again', async (_what, change) => {
    const fan = await newFan();
    const started = await holdAndCheckout(fan, await freeSeats(2));
    // what the provider says was taken differs from the order's total
    await t.db.update(s.payments).set(change).where(eq(s.payments.id, started.paymentId));
    expect(await handlePaymentNotice(testGateway, notice(started.paymentId, 'succeeded'))).toMatchObject({ kind: 'refunded' });
    expect(await ticketsOf(started.orderId)).toHaveLength(0);
    const order = await orderRow(started.orderId);
    expect(order.status).toBe('failed');
    expect((await holdRow(order.holdId)).status).toBe('active');
    expect(await refundOf(started.paymentId)).toMatchObject({ status: 'pending', ...change });
    // paying the order as it is now works
    const again = await checkout({ user: fan, eventRef: STADIUM, locale: 'en', urls });
    if (!again.ok || again.paid) throw new Error(again.ok ? 'paid at checkout' : again.code);
    expect(await handlePaymentNotice(testGateway, notice(again.paymentId, 'succeeded'))).toMatchObject({ kind: 'paid' });
    expect(await ticketsOf(started.orderId)).toHaveLength(2);
  });

  it('a refund the provider fails is retried later, with back-off, until it goes through; once through, never again', async () => {
    // a payment that lands after the reservation ran out and a seat went to someone else
    const t00 = new Date();
    const fan = await newFan();
    const seats = await freeSeats(2);
    const old = await holdAndCheckout(fan, seats, t00);
    const late = new Date(t00.getTime() + 12 * MIN);
    expect((await addToCart({ user: await newFan(), eventRef: STADIUM, selection: { seatIds: [seats[0]] }, locale: 'en', now: late })).ok).toBe(true);
    const logged = jest.spyOn(log(), 'error').mockImplementation(() => {});
    let down = true;
    const calls: string[] = [];
    const flaky: PaymentProvider = {
      ...testGateway,
      async refund(payment) {
        if (payment.id !== old.paymentId) return;
        calls.push(payment.id);
        if (down) throw new Error('provider unavailable');
      },
    };
    expect(await handlePaymentNotice(flaky, notice(old.paymentId, 'succeeded'), late)).toMatchObject({ kind: 'refunded' });
    const t0 = new Date(late.getTime() + 60_000);
    await processDueRefunds({ now: t0, providerFor: () => flaky });
    expect(calls).toHaveLength(1);
    const failed = await refundOf(old.paymentId);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastError: 'provider unavailable' });
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(t0.getTime());
    expect(await getOrder({ user: fan, orderId: old.orderId, locale: 'en' })).toMatchObject({ refundedLate: true, refunds: [{ status: 'pending' }] });
    // not due yet: nothing is sent
    await processDueRefunds({ now: t0, providerFor: () => flaky });
    expect(calls).toHaveLength(1);
    // due again, still failing: the wait grows
    await processDueRefunds({ now: failed.nextAttemptAt, providerFor: () => flaky });
    expect(calls).toHaveLength(2);
    const again = await refundOf(old.paymentId);
    expect(again.attempts).toBe(2);
    expect(again.nextAttemptAt.getTime() - failed.nextAttemptAt.getTime()).toBeGreaterThan(failed.nextAttemptAt.getTime() - t0.getTime());
    // the provider is back
    down = false;
    await processDueRefunds({ now: again.nextAttemptAt, providerFor: () => flaky });
    expect(calls).toHaveLength(3);
    expect(await refundOf(old.paymentId)).toMatchObject({ status: 'succeeded', attempts: 3, lastError: null });
    await processDueRefunds({ now: new Date(Date.now() + 30 * 24 * 60 * MIN), providerFor: () => flaky });
    expect(calls).toHaveLength(3);
    expect((await getOrder({ user: fan, orderId: old.orderId, locale: 'en' }))?.refunds).toEqual([expect.objectContaining({ status: 'refunded' })]);
    expect(logged).toHaveBeenCalledTimes(2);
    logged.mockRestore();
  });
});
