// Loyalty points spent and priority access (issue 18 item 6): the organiser's rate and share, a fan paying
// part of a cart with points (a line in the cart and on the receipt), the points deducted once at checkout,
// given back when the order is not paid (declined, the cart ran out) or refunded; and the priority window
// before the general sale: fans with enough of the organiser's points may hold tickets, others are told
// in words when their sale opens.
import { and, eq } from 'drizzle-orm';
import { PUT as putProgram } from '@/tests/helpers/api';
import { PATCH as patchEvent } from '@/tests/helpers/api';
import { DELETE as deletePoints, PUT as putPoints } from '@/tests/helpers/api';
import { POST as holdItems } from '@/tests/helpers/api';
import { GET as getOrder } from '@/tests/helpers/api';
import { GET as getEvent } from '@/tests/helpers/api';
import { addToCart, getCart } from '@/lib/server/cart';
import * as s from '@/lib/server/db/schema';
import { PRIORITY_MATCH, PRIORITY_POINTS } from '@/lib/server/db/seed/loyalty';
import { checkout } from '@/lib/server/orders/checkout';
import { cancelEvent } from '@/lib/server/events/cancel';
import { signedGatewayNotice, testGateway } from '@/lib/server/payments/test-gateway';
import { handlePaymentNotice } from '@/lib/server/payments/webhook';
import { sweepExpiredHolds } from '@/lib/server/cart/sweep';
import { cartSchema } from '@/lib/schemas/cart';
import { eventDetailSchema } from '@/lib/schemas/events';
import { orderSchema } from '@/lib/schemas/orders';
import { answerOf, failureBodyOf } from '../helpers/contract';
import { useTestDatabase } from '../helpers/db';
import { freeSeatsOf } from '../helpers/seats';
import { auth, eventBySlug, makeScanner, makeUser, params, request, type TestUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const SLUG = 'dunaj-bratislava-msk-zilina';
const OTHER = 'dunaj-bratislava-fc-kosice';
/** SLUG is cancelled by the refund test: the later ones buy this match. */
const THIRD = 'dunaj-bratislava-spartak-trnava';
const urls = { success: (id: string) => `http://x/orders/${id}`, cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` };
const MIN = 60_000;

let orgId: string;
let manager: TestUser;

/** Points given to a fan as the gate would (a ledger line; the trigger keeps the balance). */
async function givePoints(fan: { id: string }, points: number) {
  await t.db.insert(s.loyaltyLedger).values({ orgId, userId: fan.id, points, kind: 'attendance' });
}

async function balanceOf(fan: { id: string }) {
  const [row] = await t.db.select().from(s.loyaltyBalances).where(and(eq(s.loyaltyBalances.orgId, orgId), eq(s.loyaltyBalances.userId, fan.id)));
  return row?.points ?? 0;
}

async function setProgram(body: Record<string, unknown>) {
  const response = await putProgram(request(`/api/v1/organiser/organisations/${orgId}/loyalty`, { method: 'PUT', headers: auth(manager), body }), params({ orgId }));
  return response;
}

const usePoints = (fan: TestUser, slug: string, points: unknown, headers: Record<string, string> = {}) =>
  putPoints(request(`/api/v1/events/${slug}/cart/loyalty`, { method: 'PUT', headers: auth(fan, headers), body: { points } }), params({ id: slug }));

async function pay(paymentId: string, outcome: 'succeeded' | 'declined' = 'succeeded', now?: Date) {
  const { eventId } = signedGatewayNotice(paymentId, outcome);
  return handlePaymentNotice(testGateway, { eventId, paymentId, outcome }, now);
}

beforeAll(async () => {
  orgId = (await eventBySlug(t.db, SLUG)).orgId;
  manager = await makeScanner(t.db, SLUG, 'manager');
});

it('the organiser sets what points are worth and the share of an order they may pay; out of range is a translated 422', async () => {
  const body = { enabled: true, attendancePoints: 10, pointsPerUnit: 1, redeemRate: 100, redeemMaxPercent: 50 };
  const saved = await setProgram(body);
  expect(saved.status).toBe(200);
  expect(await saved.json()).toEqual({ ...body, members: expect.any(Number) });
  const wrong = await putProgram(
    request(`/api/v1/organiser/organisations/${orgId}/loyalty`, { method: 'PUT', headers: auth(manager, { 'accept-language': 'sk' }), body: { ...body, redeemMaxPercent: 0 } }),
    params({ orgId }),
  );
  expect(wrong.status).toBe(422);
  expect((await failureBodyOf(wrong)).errors).toEqual([{ field: 'redeemMaxPercent', message: 'Zadajte celé percento od 1 do 100.' }]);
});

it('a fan pays part of the cart with points: a line in the cart and on the receipt, deducted at checkout, kept when paid, given back on a refund', async () => {
  const fan = await makeUser(t.db, 'spender');
  await givePoints(fan, 3000);
  const seats = await freeSeatsOf(t.db, SLUG, 2);
  const held = await addToCart({ user: fan, eventRef: SLUG, selection: { seatIds: seats }, locale: 'en' });
  if (!held.ok) throw new Error(held.code);
  const before = held.cart;
  expect(before.loyalty).toEqual({ rate: 100, balance: 3000, usable: expect.any(Number), points: 0, amount: { amount: 0, currency: 'EUR' } });
  // Half of the tickets at most (the fees are never paid with points): 100 points a euro.
  const half = Math.floor(before.subtotal.amount / 2);
  expect(before.loyalty!.usable).toBe(Math.min(3000, half));

  const cart = await answerOf(cartSchema, await usePoints(fan, SLUG, 1000));
  expect(cart.loyalty).toMatchObject({ points: 1000, amount: { amount: 1000, currency: 'EUR' } });
  expect(cart.total.amount).toBe(before.total.amount - 1000);
  // Nothing is spent by choosing: only checkout takes the points.
  expect(await balanceOf(fan)).toBe(3000);

  const started = await checkout({ user: fan, eventRef: SLUG, locale: 'en', urls });
  if (!started.ok || started.paid) throw new Error(started.ok ? 'paid at checkout' : started.code);
  expect(await balanceOf(fan)).toBe(2000);
  const [order] = await t.db.select().from(s.orders).where(eq(s.orders.id, started.orderId));
  expect(order).toMatchObject({ loyaltyPoints: 1000, loyaltyAmount: 1000, totalAmount: before.total.amount - 1000 });
  const [payment] = await t.db.select().from(s.payments).where(eq(s.payments.id, started.paymentId));
  expect(payment.amount).toBe(order.totalAmount);

  expect((await pay(started.paymentId)).kind).toBe('paid');
  const earned = Math.floor(order.totalAmount / 100);
  expect(await balanceOf(fan)).toBe(2000 + earned);
  const receipt = await answerOf(orderSchema, await getOrder(request(`/api/v1/orders/${order.id}`, { headers: auth(fan) }), params({ id: order.id })));
  expect(receipt.lines).toContainEqual({ kind: 'loyalty', points: 1000, amount: { amount: -1000, currency: 'EUR' } });
  expect(receipt.lines.reduce((sum, line) => sum + line.amount.amount, 0)).toBe(receipt.total.amount);
  const ledger = await t.db.select().from(s.loyaltyLedger).where(eq(s.loyaltyLedger.orderId, order.id));
  expect(ledger.map((l) => [l.kind, l.points]).sort()).toEqual([
    ['purchase', earned],
    ['redemption', -1000],
  ]);

  // The organiser cancels the match: the order is refunded, the spent points come back and the earned go.
  const owner = await makeScanner(t.db, SLUG, 'owner');
  expect((await cancelEvent(owner, order.eventId)).ok).toBe(true);
  expect(await balanceOf(fan)).toBe(3000);
  const after = await t.db.select().from(s.loyaltyLedger).where(eq(s.loyaltyLedger.orderId, order.id));
  expect(after.filter((l) => l.kind === 'reversal').map((l) => l.points).sort((a, b) => a - b)).toEqual([-earned, 1000]);
});

it('points come back when the payment is declined or the cart runs out unpaid, and are spent once however often the fan checks out', async () => {
  const fan = await makeUser(t.db, 'unpaid');
  await givePoints(fan, 500);
  const t0 = new Date();
  const held = await addToCart({ user: fan, eventRef: OTHER, selection: { seatIds: await freeSeatsOf(t.db, OTHER, 1) }, locale: 'en', now: t0 });
  if (!held.ok) throw new Error(held.code);
  expect((await usePoints(fan, OTHER, 400)).status).toBe(200);

  const first = await checkout({ user: fan, eventRef: OTHER, locale: 'en', urls, now: t0 });
  if (!first.ok) throw new Error(first.code);
  // The fan comes back to checkout (a second tab): still 400 spent, not 800.
  const again = await checkout({ user: fan, eventRef: OTHER, locale: 'en', urls, now: t0 });
  if (!again.ok || again.paid) throw new Error(again.ok ? 'paid at checkout' : again.code);
  expect(again.orderId).toBe(first.orderId);
  expect(await balanceOf(fan)).toBe(100);

  expect((await pay(again.paymentId, 'declined', t0)).kind).toBe('failed');
  expect(await balanceOf(fan)).toBe(500);
  const retry = await checkout({ user: fan, eventRef: OTHER, locale: 'en', urls, now: t0 });
  if (!retry.ok) throw new Error(retry.code);
  expect(await balanceOf(fan)).toBe(100);

  // Its time runs out unpaid: the sweeper ends the cart and the order, and the points are the fan's again.
  const [hold] = await t.db.select().from(s.holds).where(eq(s.holds.userId, fan.id));
  await sweepExpiredHolds({ now: new Date(hold.expiresAt.getTime() + MIN) });
  expect(await balanceOf(fan)).toBe(500);
  const rows = await t.db.select().from(s.loyaltyLedger).where(eq(s.loyaltyLedger.userId, fan.id));
  expect(rows.reduce((sum, row) => sum + row.points, 0)).toBe(500);
});

it('a payment landing after its cart ran out, whose points the fan spent meanwhile, is refunded: the balance never goes below zero', async () => {
  const fan = await makeUser(t.db, 'latepoints');
  await givePoints(fan, 600);
  const t0 = new Date();
  const held = await addToCart({ user: fan, eventRef: OTHER, selection: { seatIds: await freeSeatsOf(t.db, OTHER, 1) }, locale: 'en', now: t0 });
  if (!held.ok) throw new Error(held.code);
  expect((await usePoints(fan, OTHER, 500)).status).toBe(200);
  const slow = await checkout({ user: fan, eventRef: OTHER, locale: 'en', urls, now: t0 });
  if (!slow.ok || slow.paid) throw new Error(slow.ok ? 'paid at checkout' : slow.code);
  // The cart runs out unpaid (the points come back), and the fan spends them on another match.
  const [hold] = await t.db.select().from(s.holds).where(and(eq(s.holds.userId, fan.id), eq(s.holds.id, (await t.db.select({ holdId: s.orders.holdId }).from(s.orders).where(eq(s.orders.id, slow.orderId)))[0].holdId)));
  await sweepExpiredHolds({ now: new Date(hold.expiresAt.getTime() + MIN) });
  expect(await balanceOf(fan)).toBe(600);
  const other = await addToCart({ user: fan, eventRef: THIRD, selection: { seatIds: await freeSeatsOf(t.db, THIRD, 2) }, locale: 'en' });
  if (!other.ok) throw new Error(other.code);
  expect((await usePoints(fan, THIRD, 500)).status).toBe(200);
  const paid = await checkout({ user: fan, eventRef: THIRD, locale: 'en', urls });
  if (!paid.ok || paid.paid) throw new Error(paid.ok ? 'paid at checkout' : paid.code);
  expect((await pay(paid.paymentId)).kind).toBe('paid');
  // 100 left, and what the paid order earned (the demo's points per euro): less than the 500 the slow order needs.
  const balance = await balanceOf(fan);
  expect(balance).toBeGreaterThanOrEqual(100);
  expect(balance).toBeLessThan(500);

  // The first payment lands late: its seat is still free, but its 500 points are gone — the money goes back.
  const late = await pay(slow.paymentId);
  expect(late).toMatchObject({ kind: 'refunded', reason: 'LATE_PAYMENT_UNITS_TAKEN' });
  expect(await balanceOf(fan)).toBe(balance);
  const [order] = await t.db.select().from(s.orders).where(eq(s.orders.id, slow.orderId));
  expect(order.status).toBe('refunded');
  expect(await t.db.select().from(s.tickets).where(eq(s.tickets.ownerId, fan.id))).toHaveLength(2);
});

it('a second checkout with points another one spent is refused in words, and its cart shows what is left', async () => {
  const fan = await makeUser(t.db, 'twocarts');
  await givePoints(fan, 600);
  for (const slug of [THIRD, OTHER]) {
    const held = await addToCart({ user: fan, eventRef: slug, selection: { seatIds: await freeSeatsOf(t.db, slug, 2) }, locale: 'en' });
    if (!held.ok) throw new Error(held.code);
    expect((await answerOf(cartSchema, await usePoints(fan, slug, 600))).loyalty?.points).toBe(600);
  }
  expect((await checkout({ user: fan, eventRef: THIRD, locale: 'en', urls })).ok).toBe(true);
  const refused = await checkout({ user: fan, eventRef: OTHER, locale: 'en', urls });
  expect(refused).toEqual({ ok: false, code: 'LOYALTY_POINTS_CHANGED' });
  expect(await balanceOf(fan)).toBe(0);
  const cart = await getCart({ user: fan, eventRef: OTHER, locale: 'en' });
  expect(cart.ok && cart.cart.loyalty).toBe(null);
  expect(cart.ok && cart.cart.total.amount).toBe(cart.ok && cart.cart.subtotal.amount + cart.cart.fees.amount);
});

it('refuses points where the organiser takes none, without points, without a cart, and a bad number; DELETE pays with none', async () => {
  const fan = await makeUser(t.db, 'nopoints');
  const cs = { 'accept-language': 'cs' };
  expect((await failureBodyOf(await usePoints(fan, THIRD, 10, cs))).code).toBe('CART_EMPTY');
  const held = await addToCart({ user: fan, eventRef: THIRD, selection: { seatIds: await freeSeatsOf(t.db, THIRD, 1) }, locale: 'en' });
  if (!held.ok) throw new Error(held.code);
  expect(held.cart.loyalty).toBe(null);
  const none = await usePoints(fan, THIRD, 10, cs);
  expect(none.status).toBe(409);
  expect(await failureBodyOf(none)).toMatchObject({ code: 'LOYALTY_NO_POINTS', message: 'U tohoto pořadatele nemáte žádné věrnostní body.' });
  const bad = await usePoints(fan, THIRD, -5, cs);
  expect(bad.status).toBe(422);
  expect((await failureBodyOf(bad)).errors[0]).toEqual({ field: 'points', message: 'Zadejte celý počet bodů od 0.' });

  await givePoints(fan, 50);
  expect((await answerOf(cartSchema, await usePoints(fan, THIRD, 50))).loyalty?.points).toBe(50);
  const removed = await answerOf(cartSchema, await deletePoints(request(`/api/v1/events/${THIRD}/cart/loyalty`, { method: 'DELETE', headers: auth(fan) }), params({ id: THIRD })));
  expect(removed.loyalty?.points).toBe(0);

  // Vltava takes no points: a cart of theirs says so.
  const hockey = 'vltava-praha-slavia-praha';
  const heldHockey = await addToCart({ user: fan, eventRef: hockey, selection: { seatIds: await freeSeatsOf(t.db, hockey, 1) }, locale: 'en' });
  if (!heldHockey.ok) throw new Error(heldHockey.code);
  const off = await usePoints(fan, hockey, 10);
  expect(off.status).toBe(409);
  expect((await failureBodyOf(off)).code).toBe('LOYALTY_REDEEM_OFF');

  // The organiser stops taking points: the cart's line goes.
  await setProgram({ enabled: true, attendancePoints: 10, pointsPerUnit: 1, redeemRate: 0, redeemMaxPercent: 50 });
  const cart = await getCart({ user: fan, eventRef: THIRD, locale: 'en' });
  expect(cart.ok && cart.cart.loyalty).toBe(null);
  await setProgram({ enabled: true, attendancePoints: 10, pointsPerUnit: 1, redeemRate: 100, redeemMaxPercent: 50 });
});

describe('priority access before the general sale', () => {
  const hold = async (fan: TestUser, locale = 'en') => {
    const seats = await freeSeatsOf(t.db, PRIORITY_MATCH, 1);
    return holdItems(request(`/api/v1/events/${PRIORITY_MATCH}/cart/items`, { method: 'POST', headers: auth(fan, { 'accept-language': locale }), body: { seatIds: seats } }), params({ id: PRIORITY_MATCH }));
  };

  it('the event page says who may buy from when', async () => {
    const detail = await answerOf(eventDetailSchema, await getEvent(request(`/api/v1/events/${PRIORITY_MATCH}`), params({ id: PRIORITY_MATCH })));
    expect(detail.priority).toEqual({ points: PRIORITY_POINTS, startsAt: expect.any(String) });
    expect(new Date(detail.priority!.startsAt).getTime()).toBeLessThan(new Date(detail.saleStartsAt!).getTime());
  });

  it('a fan with enough of the organiser’s points holds tickets in the window; one with fewer gets a translated 403 with their sale’s time', async () => {
    const loyal = await makeUser(t.db, 'loyal');
    await givePoints(loyal, PRIORITY_POINTS);
    const ok = await hold(loyal);
    expect(ok.status).toBe(200);
    expect((await answerOf(cartSchema, ok)).count).toBe(1);

    const newcomer = await makeUser(t.db, 'newcomer');
    await givePoints(newcomer, PRIORITY_POINTS - 1);
    const refused = await hold(newcomer, 'sk');
    expect(refused.status).toBe(403);
    const body = await failureBodyOf(refused);
    expect(body.code).toBe('PRIORITY_ONLY');
    expect(body.message).toMatch(new RegExp(`^Zatiaľ môžu vstupenky kupovať len fanúšikovia s aspoň ${PRIORITY_POINTS} vernostnými bodmi tohto organizátora\\. Pre vás sa predaj začína .+ \\d{4}.* \\d{2}:\\d{2}\\.$`));
    expect(await t.db.select().from(s.holds).where(eq(s.holds.userId, newcomer.id))).toEqual([]);
  });

  it('before the window opens, and without one, the refusal is a 409 with when sales open', async () => {
    const event = await eventBySlug(t.db, PRIORITY_MATCH);
    const loyal = await makeUser(t.db, 'early');
    await givePoints(loyal, PRIORITY_POINTS);
    const early = await addToCart({ user: loyal, eventRef: PRIORITY_MATCH, selection: { seatIds: await freeSeatsOf(t.db, PRIORITY_MATCH, 1) }, locale: 'en', now: new Date(event.prioritySaleStartsAt!.getTime() - MIN) });
    expect(early).toEqual({ ok: false, code: 'NOT_ON_SALE_YET', opensAt: event.prioritySaleStartsAt });
    // Once the general sale is open everyone buys.
    const anyone = await makeUser(t.db, 'anyone');
    const later = await addToCart({ user: anyone, eventRef: PRIORITY_MATCH, selection: { seatIds: await freeSeatsOf(t.db, PRIORITY_MATCH, 1, 5) }, locale: 'en', now: new Date(event.saleStartsAt!.getTime() + MIN) });
    expect(later.ok).toBe(true);
  });

  it('the organiser sets the window with the event; without the general sale or after it is a translated 422', async () => {
    const event = await eventBySlug(t.db, OTHER);
    const patch = (body: unknown) =>
      patchEvent(request(`/api/v1/organiser/events/${event.id}`, { method: 'PATCH', headers: auth(manager, { 'accept-language': 'sk' }), body }), params({ eventId: event.id }));
    const soon = new Date(Date.now() + 3 * 86_400_000);
    const wrong = await patch({ prioritySaleStartsAt: new Date().toISOString(), prioritySalePoints: 20 });
    expect(wrong.status).toBe(422);
    expect((await failureBodyOf(wrong)).errors).toEqual([
      { field: 'prioritySaleStartsAt', message: 'Prednostný predaj potrebuje čas aj body a musí sa začať pred bežným predajom (vyplňte aj začiatok predaja).' },
    ]);
    const after = await patch({ saleStartsAt: soon.toISOString(), prioritySaleStartsAt: new Date(soon.getTime() + MIN).toISOString(), prioritySalePoints: 20 });
    expect(after.status).toBe(422);
    const saved = await patch({ saleStartsAt: soon.toISOString(), prioritySaleStartsAt: new Date().toISOString(), prioritySalePoints: 20 });
    expect(saved.status).toBe(200);
    expect((await saved.json()).event).toMatchObject({ prioritySalePoints: 20, prioritySaleStartsAt: expect.any(String) });
    // Back as it was: the other tests buy this match.
    expect((await patch({ saleStartsAt: null, prioritySaleStartsAt: null, prioritySalePoints: null })).status).toBe(200);
  });
});
