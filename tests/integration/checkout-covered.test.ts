// Orders with nothing left to pay (issue 18): Tribuna wallet credit, loyalty points or a 100 % coupon cover
// the whole total. A provider cannot take 0 (Stripe refuses it), so checkout completes the order itself, in
// its own transaction: no payment is created, the order is paid, credit and points are spent once, the
// tickets are issued, the confirmation goes out and the fan is sent to the order page. A refund gives the
// credit and points back and sends nothing to a provider; the ledger counts the sale and its refund with
// nothing collected.
import { and, eq, inArray } from 'drizzle-orm';
import { POST as checkoutRoute } from '@/tests/helpers/api';
import { addToCart, applyCoupon, getCart, removeFromCart, setCartPoints } from '@/lib/server/cart';
import * as s from '@/lib/server/db/schema';
import { eventChanged } from '@/lib/server/events/changed';
import { checkout } from '@/lib/server/orders/checkout';
import { getOrder } from '@/lib/server/orders/read';
import { cancelEvent } from '@/lib/server/events/cancel';
import { processDueRefunds } from '@/lib/server/payments/refunds';
import { signedGatewayNotice, testGateway } from '@/lib/server/payments/test-gateway';
import type { CreatePaymentInput, PaymentProvider } from '@/lib/server/payments/types';
import { handlePaymentNotice } from '@/lib/server/payments/webhook';
import { eventLedgers, netFigures } from '@/lib/server/reports/ledger';
import { myWallet } from '@/lib/server/wallet';
import { checkoutResultSchema } from '@/lib/schemas/cart';
import { answerOf } from '../helpers/contract';
import { useTestDatabase } from '../helpers/db';
import { freeSeatsOf } from '../helpers/seats';
import { auth, eventBySlug, makeScanner, makeUser, params, request, type TestUser } from '../helpers/tickets';

jest.mock('next/server', () => ({ ...jest.requireActual('next/server'), connection: async () => {} }));

const t = useTestDatabase({ seeded: true });
/** FK Dunaj's matches: the club's wallet credit and loyalty points pay for them. */
const SLUG = 'dunaj-bratislava-msk-zilina';
/** Cancelled by the last test. */
const CANCELLED = 'dunaj-bratislava-spartak-trnava';
const urls = { success: (id: string) => `http://x/orders/${id}`, cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` };

let seatOffset = 0;
const seats = (slug: string, count: number) => freeSeatsOf(t.db, slug, count, (seatOffset += 7));

/** The test gateway, recording every payment it is asked to create. */
function recordingGateway() {
  const created: CreatePaymentInput[] = [];
  const provider: PaymentProvider = {
    ...testGateway,
    async createPayment(input) {
      created.push(input);
      return testGateway.createPayment(input);
    },
  };
  return { provider, created };
}

/** Wallet credit with the event's organiser, as a sold release leaves it (one release_credit line). */
async function grantCredit(fan: { id: string }, slug: string, amount: number) {
  const event = await eventBySlug(t.db, slug);
  await t.db.insert(s.wallets).values({ userId: fan.id, orgId: event.orgId, currency: event.currency }).onConflictDoNothing();
  await t.db.insert(s.walletLedger).values({ userId: fan.id, orgId: event.orgId, currency: event.currency, kind: 'release_credit', amount });
}

async function givePoints(fan: { id: string }, slug: string, points: number) {
  const event = await eventBySlug(t.db, slug);
  await t.db.insert(s.loyaltyLedger).values({ orgId: event.orgId, userId: fan.id, points, kind: 'attendance' });
}

async function pointsOf(fan: { id: string }, slug: string) {
  const event = await eventBySlug(t.db, slug);
  const [row] = await t.db.select().from(s.loyaltyBalances).where(and(eq(s.loyaltyBalances.orgId, event.orgId), eq(s.loyaltyBalances.userId, fan.id)));
  return row?.points ?? 0;
}

async function balanceOf(fan: TestUser) {
  return (await myWallet(fan)).wallets[0]?.balance.amount ?? 0;
}

async function hold(fan: TestUser, slug: string, count: number) {
  const held = await addToCart({ user: fan, eventRef: slug, selection: { seatIds: await seats(slug, count) }, locale: 'en' });
  if (!held.ok) throw new Error(held.code);
  return held.cart;
}

async function orderRows(orderId: string) {
  const [order] = await t.db.select().from(s.orders).where(eq(s.orders.id, orderId));
  const payments = await t.db.select().from(s.payments).where(eq(s.payments.orderId, orderId));
  const tickets = await t.db.select().from(s.tickets).where(eq(s.tickets.orderId, orderId));
  const [holdRow] = await t.db.select().from(s.holds).where(eq(s.holds.id, order.holdId));
  const spends = await t.db.select().from(s.walletLedger).where(and(eq(s.walletLedger.orderId, orderId), eq(s.walletLedger.kind, 'order_spend')));
  return { order, payments, tickets, hold: holdRow, spends };
}

async function paidMails(fan: TestUser) {
  return t.db.select().from(s.emailOutbox).where(and(eq(s.emailOutbox.toAddress, fan.email), eq(s.emailOutbox.kind, 'order-paid')));
}


it('credit covering the whole cart: checkout pays the order itself, with no payment at the provider, and sends the fan to the order', async () => {
  const fan = await makeUser(t.db, 'covered');
  const cart = await hold(fan, SLUG, 2);
  const gross = cart.total.amount;
  expect(gross).toBeGreaterThan(0);
  await grantCredit(fan, SLUG, gross + 500);
  const covered = await getCart({ user: fan, eventRef: SLUG, locale: 'en' });
  if (!covered.ok) throw new Error(covered.code);
  expect(covered.cart.walletCredit.amount).toBe(gross);
  expect(covered.cart.total.amount).toBe(0);

  const { provider, created } = recordingGateway();
  const result = await checkout({ user: fan, eventRef: SLUG, locale: 'en', urls, provider });
  if (!result.ok) throw new Error(result.code);
  expect(result).toEqual({ ok: true, orderId: expect.any(String), paid: true, paymentId: null, paymentUrl: urls.success(result.orderId) });
  expect(created).toEqual([]);

  const rows = await orderRows(result.orderId);
  expect(rows.payments).toEqual([]);
  expect(rows.order).toMatchObject({ status: 'paid', totalAmount: 0, currentPaymentId: null, subtotalAmount: cart.subtotal.amount, feeAmount: cart.fees.amount });
  expect(rows.order.paidAt).toBeInstanceOf(Date);
  expect(rows.hold.status).toBe('completed');
  expect(rows.tickets).toHaveLength(2);
  expect(rows.tickets.every((tk) => tk.ownerId === fan.id && tk.status === 'valid')).toBe(true);
  const units = await t.db.select().from(s.inventoryUnits).where(inArray(s.inventoryUnits.id, rows.tickets.map((tk) => tk.unitId!)));
  expect(units.every((u) => u.status === 'sold')).toBe(true);
  // The credit is spent once: one spend of the whole total, what is left stays in the wallet.
  expect(rows.spends.map((l) => l.amount)).toEqual([gross]);
  expect(await balanceOf(fan)).toBe(500);
  // The same confirmation as a paid order.
  const mails = await paidMails(fan);
  expect(mails).toHaveLength(1);
  expect(mails[0].textBody).toContain('Total paid: €0.00');
  expect(mails[0].textBody).toContain(`/en/orders/${result.orderId}`);

  // The receipt: the credit on its own line, nothing paid.
  const receipt = await getOrder({ user: fan, orderId: result.orderId, locale: 'en' });
  expect(receipt).toMatchObject({ status: 'paid', result: 'paid', total: { amount: 0, currency: 'EUR' }, ticketCount: 2 });
  expect(receipt!.lines.find((l) => l.kind === 'wallet')).toEqual({ kind: 'wallet', amount: { amount: -gross, currency: 'EUR' } });
  expect(receipt!.lines.reduce((sum, l) => sum + l.amount.amount, 0)).toBe(0);

  // The cart is done: another checkout finds nothing, spends nothing.
  expect(await checkout({ user: fan, eventRef: SLUG, locale: 'en', urls, provider })).toEqual({ ok: false, code: 'CART_EMPTY' });
  expect(await balanceOf(fan)).toBe(500);
  expect(created).toEqual([]);
});

it('points and credit together: points first, the credit takes the rest; both lines on the receipt, each spent once', async () => {
  const fan = await makeUser(t.db, 'points-and-credit');
  await givePoints(fan, SLUG, 100_000);
  const cart = await hold(fan, SLUG, 1);
  const withPoints = await setCartPoints({ user: fan, eventRef: SLUG, points: 100_000, locale: 'en' });
  if (!withPoints.ok) throw new Error(withPoints.code);
  const { points, amount } = withPoints.cart.loyalty!;
  expect(amount.amount).toBeGreaterThan(0);
  const rest = cart.total.amount - amount.amount;
  // The demo club takes points for half the tickets at most, never for the fees: the credit pays the rest.
  expect(rest).toBeGreaterThan(0);
  await grantCredit(fan, SLUG, rest);

  const { provider, created } = recordingGateway();
  const result = await checkout({ user: fan, eventRef: SLUG, locale: 'en', urls, provider });
  if (!result.ok) throw new Error(result.code);
  expect(result.paid).toBe(true);
  expect(created).toEqual([]);
  const rows = await orderRows(result.orderId);
  expect(rows.payments).toEqual([]);
  expect(rows.order).toMatchObject({ status: 'paid', totalAmount: 0, loyaltyPoints: points, loyaltyAmount: amount.amount });
  expect(rows.tickets).toHaveLength(1);
  expect(await pointsOf(fan, SLUG)).toBe(100_000 - points);
  expect(await balanceOf(fan)).toBe(0);
  const redemptions = await t.db.select().from(s.loyaltyLedger).where(and(eq(s.loyaltyLedger.orderId, result.orderId), eq(s.loyaltyLedger.kind, 'redemption')));
  expect(redemptions.map((l) => l.points)).toEqual([-points]);
  // Nothing was paid in money: no spending points are earned.
  expect(await t.db.select().from(s.loyaltyLedger).where(and(eq(s.loyaltyLedger.orderId, result.orderId), eq(s.loyaltyLedger.kind, 'purchase')))).toEqual([]);

  const receipt = await getOrder({ user: fan, orderId: result.orderId, locale: 'en' });
  expect(receipt!.lines.filter((l) => l.kind === 'loyalty' || l.kind === 'wallet')).toEqual([
    { kind: 'loyalty', points, amount: { amount: -amount.amount, currency: 'EUR' } },
    { kind: 'wallet', amount: { amount: -rest, currency: 'EUR' } },
  ]);
  expect(receipt!.total.amount).toBe(0);
});

it('POST …/checkout answers paid, with the order page as where to go: the web client lands on the receipt', async () => {
  const fan = await makeUser(t.db, 'covered-api');
  const cart = await hold(fan, SLUG, 1);
  await grantCredit(fan, SLUG, cart.total.amount);
  const response = await checkoutRoute(
    request(`/api/v1/events/${SLUG}/checkout`, { method: 'POST', headers: auth(fan), body: { acceptTerms: true } }),
    params({ id: SLUG }),
  );
  expect(response.status).toBe(200);
  const body = await answerOf(checkoutResultSchema, response);
  expect(body).toEqual({ orderId: expect.any(String), paid: true, paymentUrl: expect.stringMatching(new RegExp(`/en/orders/${body.orderId}$`)) });
  expect((await orderRows(body.orderId)).payments).toEqual([]);
});

it('a payment started before the cart shrank to what the credit covers is cancelled; paid later, it is refunded and issues nothing', async () => {
  const fan = await makeUser(t.db, 'shrunk');
  const cart = await hold(fan, SLUG, 2);
  const perSeat = Math.min(...cart.items.map((i) => i.price.amount)) + cart.fees.amount / 2;
  await grantCredit(fan, SLUG, perSeat);
  const { provider, created } = recordingGateway();
  const first = await checkout({ user: fan, eventRef: SLUG, locale: 'en', urls, provider });
  if (!first.ok || first.paid) throw new Error(first.ok ? 'paid at checkout' : first.code);
  expect(created).toHaveLength(1);
  // The fan takes the dearer seat out: the credit now covers the cart.
  const dearer = [...cart.items].sort((a, b) => b.price.amount - a.price.amount)[0];
  const removed = await removeFromCart({ user: fan, eventRef: SLUG, itemId: dearer.id, locale: 'en' });
  if (!removed.ok) throw new Error(removed.code);
  expect(removed.cart.total.amount).toBe(0);
  const second = await checkout({ user: fan, eventRef: SLUG, locale: 'en', urls, provider });
  if (!second.ok) throw new Error(second.code);
  expect(second).toMatchObject({ paid: true, orderId: first.orderId });
  expect(created).toHaveLength(1);
  const rows = await orderRows(first.orderId);
  expect(rows.order).toMatchObject({ status: 'paid', currentPaymentId: null, totalAmount: 0 });
  expect(rows.payments).toEqual([expect.objectContaining({ id: first.paymentId, status: 'cancelled' })]);
  expect(rows.tickets).toHaveLength(1);

  // The fan still pays the old payment at the provider: it is not the order's, so it goes back.
  const { eventId } = signedGatewayNotice(first.paymentId, 'succeeded');
  const late = await handlePaymentNotice(testGateway, { eventId, paymentId: first.paymentId, outcome: 'succeeded' });
  expect(late).toMatchObject({ kind: 'refunded', reason: 'NOT_CURRENT', amount: rows.payments[0].amount });
  expect((await orderRows(first.orderId)).tickets).toHaveLength(1);
  expect(await balanceOf(fan)).toBe(0);
  expect(await paidMails(fan)).toHaveLength(1);
});

it('needs no payment provider when nothing is to pay; with money due and none configured, nothing is written', async () => {
  const fan = await makeUser(t.db, 'no-provider');
  const cart = await hold(fan, SLUG, 1);
  const refused = await checkout({ user: fan, eventRef: SLUG, locale: 'en', urls, provider: null });
  expect(refused).toEqual({ ok: false, code: 'PAYMENTS_UNAVAILABLE' });
  const [cartHold] = await t.db.select().from(s.holds).where(and(eq(s.holds.userId, fan.id), eq(s.holds.status, 'active')));
  expect(await t.db.select().from(s.orders).where(eq(s.orders.holdId, cartHold.id))).toEqual([]);

  await grantCredit(fan, SLUG, cart.total.amount);
  const result = await checkout({ user: fan, eventRef: SLUG, locale: 'en', urls, provider: null });
  if (!result.ok) throw new Error(result.code);
  expect(result.paid).toBe(true);
  expect((await orderRows(result.orderId)).order.status).toBe('paid');
});

describe('a 100 % coupon', () => {
  let eventId: string;
  beforeAll(async () => {
    const event = await eventBySlug(t.db, CANCELLED);
    eventId = event.id;
    await t.db.insert(s.coupons).values({ code: 'ZADARMO', orgId: event.orgId, eventId: event.id, kind: 'percent', value: 100 });
  });

  it('leaves the service fees to pay: a payment for exactly them', async () => {
    const fan = await makeUser(t.db, 'coupon-fees');
    await hold(fan, CANCELLED, 1);
    const applied = await applyCoupon({ user: fan, eventRef: CANCELLED, code: 'ZADARMO', locale: 'en' });
    if (!applied.ok) throw new Error(applied.code);
    expect(applied.cart.total.amount).toBe(applied.cart.fees.amount);
    expect(applied.cart.fees.amount).toBeGreaterThan(0);
    const { provider, created } = recordingGateway();
    const result = await checkout({ user: fan, eventRef: CANCELLED, locale: 'en', urls, provider });
    if (!result.ok) throw new Error(result.code);
    expect(result.paid).toBe(false);
    expect(created.map((p) => p.amount)).toEqual([applied.cart.fees.amount]);
  });

  it('on an event without service fees makes the order free: paid at checkout, the code counted once', async () => {
    await t.db.update(s.events).set({ serviceFeeAmount: 0 }).where(eq(s.events.id, eventId));
    await eventChanged(eventId);
    const fan = await makeUser(t.db, 'coupon-free');
    await hold(fan, CANCELLED, 2);
    const applied = await applyCoupon({ user: fan, eventRef: CANCELLED, code: 'ZADARMO', locale: 'en' });
    if (!applied.ok) throw new Error(applied.code);
    expect(applied.cart.total.amount).toBe(0);
    const [before] = await t.db.select().from(s.coupons).where(eq(s.coupons.code, 'ZADARMO'));
    const { provider, created } = recordingGateway();
    const result = await checkout({ user: fan, eventRef: CANCELLED, locale: 'en', urls, provider });
    if (!result.ok) throw new Error(result.code);
    expect(result.paid).toBe(true);
    expect(created).toEqual([]);
    const rows = await orderRows(result.orderId);
    expect(rows.payments).toEqual([]);
    expect(rows.order).toMatchObject({ status: 'paid', totalAmount: 0, discountAmount: applied.cart.subtotal.amount });
    expect(rows.tickets).toHaveLength(2);
    const [after] = await t.db.select().from(s.coupons).where(eq(s.coupons.code, 'ZADARMO'));
    expect(after.usedCount).toBe(before.usedCount + 1);
    expect(await paidMails(fan)).toHaveLength(1);
  });
});

it('a refund (the club cancels the match) gives the credit and points back and sends no provider anything; the ledger adds up with nothing collected', async () => {
  const fan = await makeUser(t.db, 'covered-refund');
  await givePoints(fan, CANCELLED, 5_000);
  const cart = await hold(fan, CANCELLED, 1);
  const withPoints = await setCartPoints({ user: fan, eventRef: CANCELLED, points: 5_000, locale: 'en' });
  if (!withPoints.ok) throw new Error(withPoints.code);
  const pointsAmount = withPoints.cart.loyalty!.amount.amount;
  await grantCredit(fan, CANCELLED, cart.total.amount - pointsAmount);
  const paidAt = new Date();
  const result = await checkout({ user: fan, eventRef: CANCELLED, locale: 'en', urls, now: paidAt });
  if (!result.ok) throw new Error(result.code);
  expect(result.paid).toBe(true);
  expect(await balanceOf(fan)).toBe(0);
  expect(await pointsOf(fan, CANCELLED)).toBeLessThan(5_000);

  const event = await eventBySlug(t.db, CANCELLED);
  const owner = await makeScanner(t.db, CANCELLED, 'owner');
  const cancelledAt = new Date(paidAt.getTime() + 60_000);
  const cancelled = await cancelEvent(owner, event.id, { now: cancelledAt });
  expect(cancelled.ok).toBe(true);
  const rows = await orderRows(result.orderId);
  expect(rows.order).toMatchObject({ status: 'refunded', note: 'EVENT_CANCELLED', refundedAt: cancelledAt });
  expect(rows.tickets.every((tk) => tk.status === 'void')).toBe(true);
  // The buyer hears that the credit and points are back (no money to refund), once.
  const mails = await t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, fan.email));
  expect(mails.filter((m) => m.kind.startsWith('event-cancelled')).map((m) => [m.kind, m.subject])).toEqual([
    ['event-cancelled-credit-back', `${event.title.en} is cancelled – your credit and points are back`],
  ]);
  // Credit and points are back; no money moved, so nothing is queued for a provider.
  expect(await balanceOf(fan)).toBe(cart.total.amount - pointsAmount);
  expect(await pointsOf(fan, CANCELLED)).toBe(5_000);
  const queued = await t.db
    .select({ id: s.refunds.id })
    .from(s.refunds)
    .innerJoin(s.payments, eq(s.payments.id, s.refunds.paymentId))
    .innerJoin(s.orders, eq(s.orders.id, s.payments.orderId))
    .where(eq(s.orders.eventId, event.id));
  // Only the fee-paying coupon order above had a payment, and it was never paid: nothing to give back.
  expect(queued).toEqual([]);
  // The refund queue's run sends the provider nothing of this match (other suites' refunds may be due).
  const asked: string[] = [];
  const recording: PaymentProvider = { ...testGateway, refund: async (payment) => void asked.push(payment.id) };
  await processDueRefunds({ now: new Date(cancelledAt.getTime() + 3_600_000), providerFor: () => recording });
  const ofMatch = await t.db.select({ id: s.payments.id }).from(s.payments).innerJoin(s.orders, eq(s.orders.id, s.payments.orderId)).where(eq(s.orders.eventId, event.id));
  expect(asked.filter((id) => ofMatch.some((p) => p.id === id))).toEqual([]);

  // The ledger: this sale and its refund with nothing collected; the refund dated when it happened.
  const [whole] = await eventLedgers({ eventIds: [event.id] });
  expect(whole.sales.collected).toBe(0);
  expect(whole.refunds.collected).toBe(0);
  expect(whole.sales.orders).toBe(2);
  expect(whole.refunds.orders).toBe(2);
  expect(whole.refunds.ticketRevenue).toBe(whole.sales.ticketRevenue);
  const [beforeCancel] = await eventLedgers({ eventIds: [event.id], from: new Date(paidAt.getTime() - 3_600_000), to: cancelledAt });
  expect(beforeCancel.refunds.orders).toBe(0);
  // Before the cancellation, the club was owed nothing for this order: the fan paid it all with the club's
  // own points and wallet credit (Tribuna took no money for it), and the service fee was Tribuna's.
  const mine = (await t.db.select().from(s.orders).where(eq(s.orders.id, result.orderId)))[0];
  const ownOrder = await eventLedgers({ eventIds: [event.id], from: new Date(paidAt.getTime() - 1), to: new Date(paidAt.getTime() + 1) });
  expect(ownOrder[0].sales.orders).toBe(1);
  expect(ownOrder[0].sales.credits).toBe(cart.total.amount);
  expect(netFigures(ownOrder[0]).primaryNet).toBe(cart.subtotal.amount - cart.discount.amount - cart.total.amount);
  expect(netFigures(ownOrder[0]).owedToOrganiser + netFigures(ownOrder[0]).serviceFees).toBe(mine.totalAmount);
  const [afterCancel] = await eventLedgers({ eventIds: [event.id], from: cancelledAt, to: new Date(cancelledAt.getTime() + 1000) });
  expect(afterCancel.refunds.orders).toBe(2);
});
