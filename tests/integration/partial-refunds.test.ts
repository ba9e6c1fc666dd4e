// Part refunds (issue 33 item 3): refundTickets and refundAmount in a caller's transaction. What a ticket
// gives back (its price, its coupon share, the service fee by the organisation's rule), where it goes (the
// card, the wallet, the points), its place on sale again, each ticket once, never more than was paid; and the
// ledger reconciles with the payments and refund rows in SQL, also when the event is cancelled afterwards.
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { addToCart } from '@/lib/server/cart';
import { setCartPoints } from '@/lib/server/cart/loyalty';
import { checkout } from '@/lib/server/orders/checkout';
import { signedGatewayNotice, testGateway } from '@/lib/server/payments/test-gateway';
import { handlePaymentNotice } from '@/lib/server/payments/webhook';
import { processDueRefunds } from '@/lib/server/payments/refunds';
import { quoteTickets, refundAmount, refundTickets, refundableOfOrder, spread } from '@/lib/server/refunds/core';
import { cancelEvent } from '@/lib/server/events/cancel';
import { eventLedgers, netFigures } from '@/lib/server/reports/ledger';
import { walletBalance } from '@/lib/server/wallet';
import { useTestDatabase } from '../helpers/db';
import { freeSeatsOf } from '../helpers/seats';
import { eventBySlug, makeScanner, makeUser, type TestUser } from '../helpers/tickets';
import { buy } from '../helpers/purchases';

const t = useTestDatabase({ seeded: true });
const KOSICE = 'dunaj-bratislava-fc-kosice';
const ZILINA = 'dunaj-bratislava-msk-zilina';
const FEE = 150;
const urls = { success: (id: string) => `http://x/orders/${id}`, cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` };

let orgId: string;
let staff: TestUser;
const offsets = new Map<string, number>();
async function seats(slug: string, count: number) {
  const offset = offsets.get(slug) ?? 0;
  offsets.set(slug, offset + count + 2);
  return freeSeatsOf(t.db, slug, count, offset);
}

async function ticketsOf(orderId: string) {
  return t.db.select().from(s.tickets).where(eq(s.tickets.orderId, orderId)).orderBy(s.tickets.id);
}

async function setOrgFeeRule(refund: boolean) {
  await t.db.update(s.organisations).set({ refundServiceFee: refund }).where(eq(s.organisations.id, orgId));
}

beforeAll(async () => {
  const event = await eventBySlug(t.db, KOSICE);
  orgId = event.orgId;
  staff = await makeScanner(t.db, KOSICE, 'manager');
  await t.db.update(s.events).set({ serviceFeeAmount: FEE }).where(eq(s.events.orgId, orgId));
}, 180_000);

it('spreads exactly: the parts add up to the total, by largest remainder', () => {
  expect(spread(100, [1, 1, 1])).toEqual([34, 33, 33]);
  expect(spread(0, [5, 5])).toEqual([0, 0]);
  expect(spread(7, [0, 0])).toEqual([0, 0]);
  const parts = spread(1234, [3000, 2000, 1700]);
  expect(parts.reduce((a, b) => a + b, 0)).toBe(1234);
});

it('one ticket of two: its price back to the card (the fee kept on a fan’s own cancellation), its place on sale again, once', async () => {
  const fan = await makeUser(t.db, 'two');
  const order = await buy(t.db, fan, KOSICE, { seatIds: await seats(KOSICE, 2) });
  const [first, second] = await ticketsOf(order.id);
  const quote = await quoteTickets(t.db, { ticketIds: [first.id], reason: 'SELF_CANCELLED' });
  if (!quote.ok) throw new Error(quote.code);
  expect(quote.quotes).toEqual([expect.objectContaining({ ticketId: first.id, price: first.priceAmount, fee: 0, feeKept: FEE, money: first.priceAmount, wallet: 0, points: 0, total: first.priceAmount })]);

  const done = await t.db.transaction((tx) => refundTickets(tx, { ticketIds: [first.id], reason: 'SELF_CANCELLED', actorId: fan.id }));
  if (!done.ok) throw new Error(done.code);
  expect(done.refunds[0]).toMatchObject({ money: first.priceAmount, feeKept: FEE });
  const refunds = await t.db.select().from(s.refunds).where(eq(s.refunds.reason, 'SELF_CANCELLED'));
  expect(refunds).toEqual([expect.objectContaining({ amount: first.priceAmount, scope: `ticket:${first.id}`, status: 'pending', currency: 'EUR' })]);
  const [voided] = await t.db.select().from(s.tickets).where(eq(s.tickets.id, first.id));
  expect(voided.status).toBe('void');
  expect((await t.db.select().from(s.tickets).where(eq(s.tickets.id, second.id)))[0].status).toBe('valid');
  const [unit] = await t.db.select().from(s.inventoryUnits).where(eq(s.inventoryUnits.id, first.unitId));
  expect(unit.status).toBe('available');
  // The order stays paid; the payment is refunded in part only.
  expect((await t.db.select().from(s.orders).where(eq(s.orders.id, order.id)))[0].status).toBe('paid');
  expect((await t.db.select().from(s.payments).where(eq(s.payments.orderId, order.id)))[0].status).toBe('succeeded');

  // Once: the same ticket again is refused and changes nothing.
  const again = await t.db.transaction((tx) => refundTickets(tx, { ticketIds: [first.id], reason: 'SELF_CANCELLED', actorId: fan.id }));
  expect(again).toEqual({ ok: false, code: 'TICKET_ALREADY_REFUNDED', ticketId: first.id });

  // The freed place sells again: another fan gets a new ticket of the same unit.
  const other = await makeUser(t.db, 'next');
  const [seat] = await t.db.select({ seatId: s.inventoryUnits.seatId }).from(s.inventoryUnits).where(eq(s.inventoryUnits.id, first.unitId));
  const resold = await buy(t.db, other, KOSICE, { seatIds: [seat.seatId!] });
  const [fresh] = await ticketsOf(resold.id);
  expect(fresh).toMatchObject({ unitId: first.unitId, status: 'valid', ownerId: other.id });

  // The worker pays it once through the provider, partially.
  const calls: { amount: number; idempotencyKey: string }[] = [];
  const provider = { ...testGateway, refund: async (p: { amount: number; idempotencyKey: string }) => void calls.push({ amount: p.amount, idempotencyKey: p.idempotencyKey }) };
  await processDueRefunds({ db: t.db, providerFor: () => provider });
  await processDueRefunds({ db: t.db, providerFor: () => provider });
  expect(calls).toEqual([{ amount: first.priceAmount, idempotencyKey: `refund_${refunds[0].paymentId}_ticket:${first.id}` }]);
});

it('the service fee by rule: returned after a postponement, on a fan’s cancellation only where the organisation or the event says so', async () => {
  const fan = await makeUser(t.db, 'fees');
  const order = await buy(t.db, fan, KOSICE, { seatIds: await seats(KOSICE, 3) });
  const [a, b, c] = await ticketsOf(order.id);
  const refund = (id: string, reason: 'SELF_CANCELLED' | 'EVENT_POSTPONED' | 'ORGANISER_REFUND') =>
    t.db.transaction(async (tx) => {
      const r = await refundTickets(tx, { ticketIds: [id], reason, actorId: fan.id });
      if (!r.ok) throw new Error(r.code);
      return r.refunds[0];
    });
  expect(await refund(a.id, 'EVENT_POSTPONED')).toMatchObject({ fee: FEE, feeKept: 0, money: a.priceAmount + FEE });
  await setOrgFeeRule(true);
  try {
    expect(await refund(b.id, 'SELF_CANCELLED')).toMatchObject({ fee: FEE, feeKept: 0, money: b.priceAmount + FEE });
    // The event's own rule wins over the organisation's.
    await t.db.update(s.events).set({ selfCancelRefundsFee: false }).where(eq(s.events.id, c.eventId));
    expect((await quoteTickets(t.db, { ticketIds: [c.id], reason: 'SELF_CANCELLED' })) as unknown).toMatchObject({ ok: true, quotes: [{ fee: 0, feeKept: FEE }] });
    expect(await refund(c.id, 'ORGANISER_REFUND')).toMatchObject({ fee: FEE, money: c.priceAmount + FEE });
  } finally {
    await setOrgFeeRule(false);
    await t.db.update(s.events).set({ selfCancelRefundsFee: null }).where(eq(s.events.id, c.eventId));
  }
  // Every ticket back with its fee: the whole payment is refunded, in three rows.
  const [payment] = await t.db.select().from(s.payments).where(eq(s.payments.orderId, order.id));
  expect(payment.status).toBe('refunded');
  const [{ sum }] = rowsOf<{ sum: number }>(await t.db.execute(sql`select sum(amount)::int as sum from refunds where payment_id = ${payment.id}::uuid`));
  expect(Number(sum)).toBe(payment.amount);
});

it('a coupon’s discount is shared by price: two tickets refunded give back exactly what the order paid (less the fees kept)', async () => {
  const fan = await makeUser(t.db, 'coupon');
  const order = await buy(t.db, fan, KOSICE, { seatIds: await seats(KOSICE, 2) }, { code: 'DUNAJ10' });
  expect(order.discountAmount).toBeGreaterThan(0);
  const tickets = await ticketsOf(order.id);
  const done = await t.db.transaction((tx) => refundTickets(tx, { ticketIds: tickets.map((x) => x.id), reason: 'SELF_CANCELLED', actorId: fan.id }));
  if (!done.ok) throw new Error(done.code);
  expect(done.refunds.reduce((n, r) => n + r.discount, 0)).toBe(order.discountAmount);
  expect(done.refunds.reduce((n, r) => n + r.money, 0)).toBe(order.totalAmount - 2 * FEE);
});

it('wallet credit and points come back to the wallet and the points, not the card; the event cancelled afterwards gives nothing twice', async () => {
  const event = await eventBySlug(t.db, ZILINA);
  await t.db.insert(s.loyaltyPrograms).values({ orgId, enabled: true, redeemRate: 100, redeemMaxPercent: 50 }).onConflictDoUpdate({ target: s.loyaltyPrograms.orgId, set: { enabled: true, redeemRate: 100, redeemMaxPercent: 50 } });
  const fan = await makeUser(t.db, 'credit');
  const key = { userId: fan.id, orgId, currency: 'EUR' as const };
  await t.db.insert(s.wallets).values({ ...key }).onConflictDoNothing();
  await t.db.insert(s.walletLedger).values({ ...key, kind: 'release_credit', amount: 1000 });
  await t.db.insert(s.loyaltyLedger).values({ orgId, userId: fan.id, points: 500, kind: 'attendance' });
  const pointsOf = async () => (await t.db.select().from(s.loyaltyBalances).where(and(eq(s.loyaltyBalances.orgId, orgId), eq(s.loyaltyBalances.userId, fan.id))))[0]?.points ?? 0;

  const held = await addToCart({ user: fan, eventRef: ZILINA, selection: { seatIds: await seats(ZILINA, 2) }, locale: 'en' });
  if (!held.ok) throw new Error(held.code);
  const withPoints = await setCartPoints({ user: fan, eventRef: ZILINA, points: 500, locale: 'en' });
  if (!withPoints.ok) throw new Error(withPoints.code);
  const started = await checkout({ user: fan, eventRef: ZILINA, locale: 'en', urls });
  if (!started.ok || started.paid) throw new Error(started.ok ? 'paid at checkout' : started.code);
  const { eventId } = signedGatewayNotice(started.paymentId, 'succeeded');
  expect((await handlePaymentNotice(testGateway, { eventId, paymentId: started.paymentId, outcome: 'succeeded' })).kind).toBe('paid');
  const [order] = await t.db.select().from(s.orders).where(eq(s.orders.id, started.orderId));
  expect(order).toMatchObject({ loyaltyPoints: 500, loyaltyAmount: 500 });
  expect(await walletBalance(t.db, key, new Date())).toBe(0);
  // Points the order earned (the seeded programme's rate), kept until the whole order is refunded.
  const earned = await pointsOf();

  const [first] = await ticketsOf(order.id);
  const done = await t.db.transaction((tx) => refundTickets(tx, { ticketIds: [first.id], reason: 'EVENT_POSTPONED', actorId: fan.id }));
  if (!done.ok) throw new Error(done.code);
  const r = done.refunds[0];
  expect(r.wallet).toBeGreaterThan(0);
  expect(r.points).toBeGreaterThan(0);
  expect(r.money + r.wallet + r.pointsAmount).toBe(r.price - r.discount + FEE);
  expect(await walletBalance(t.db, key, new Date())).toBe(r.wallet);
  expect(await pointsOf()).toBe(earned + r.points);
  const [refundRow] = await t.db.select().from(s.refunds).where(eq(s.refunds.scope, `ticket:${first.id}`));
  expect(refundRow.amount).toBe(r.money);

  // The organiser cancels the event: the rest goes back, the credit and the points in full, nothing twice.
  expect((await cancelEvent(staff, event.id)).ok).toBe(true);
  expect(await walletBalance(t.db, key, new Date())).toBe(1000);
  expect(await pointsOf()).toBe(500);
  const [payment] = await t.db.select().from(s.payments).where(eq(s.payments.id, started.paymentId));
  const [{ sum }] = rowsOf<{ sum: number }>(await t.db.execute(sql`select sum(amount)::int as sum from refunds where payment_id = ${payment.id}::uuid`));
  expect(Number(sum)).toBe(payment.amount);
});

it('an amount back: never more than what remains refundable of the payment; the tickets stay valid', async () => {
  const fan = await makeUser(t.db, 'goodwill');
  const order = await buy(t.db, fan, KOSICE, { seatIds: await seats(KOSICE, 2) });
  const [first, second] = await ticketsOf(order.id);
  await t.db.transaction((tx) => refundTickets(tx, { ticketIds: [first.id], reason: 'SELF_CANCELLED', actorId: fan.id }));
  const left = order.totalAmount - first.priceAmount;
  expect(await refundableOfOrder(t.db, order.id)).toEqual({ amount: left, currency: 'EUR' });
  expect(await t.db.transaction((tx) => refundAmount(tx, { orderId: order.id, amount: left + 1, actorId: staff.id }))).toEqual({ ok: false, code: 'REFUND_EXCEEDS_PAID', refundable: left });
  const part = await t.db.transaction((tx) => refundAmount(tx, { orderId: order.id, amount: 500, actorId: staff.id, note: 'late gates' }));
  if (!part.ok) throw new Error(part.code);
  const [row] = await t.db.select().from(s.refunds).where(eq(s.refunds.id, part.refund.refundId));
  expect(row).toMatchObject({ amount: 500, reason: 'GOODWILL', scope: `amount:${part.refund.id}` });
  expect((await t.db.select().from(s.tickets).where(eq(s.tickets.id, second.id)))[0].status).toBe('valid');
  const rest = await t.db.transaction((tx) => refundAmount(tx, { orderId: order.id, amount: left - 500, actorId: staff.id }));
  expect(rest.ok).toBe(true);
  // Its last money went back: the order is refunded (organisation-terms.md), nothing more goes back, the ticket given as goodwill stays valid.
  expect((await t.db.select().from(s.orders).where(eq(s.orders.id, order.id)))[0].status).toBe('refunded');
  expect(await t.db.transaction((tx) => refundAmount(tx, { orderId: order.id, amount: 1, actorId: staff.id }))).toEqual({ ok: false, code: 'ORDER_NOT_REFUNDABLE' });
  expect(await t.db.transaction((tx) => refundTickets(tx, { ticketIds: [second.id], reason: 'ORGANISER_REFUND', actorId: staff.id }))).toEqual({ ok: false, code: 'TICKET_NOT_REFUNDABLE', ticketId: second.id });
  expect((await t.db.select().from(s.tickets).where(eq(s.tickets.id, second.id)))[0].status).toBe('valid');
  const [{ over }] = rowsOf<{ over: number }>(
    await t.db.execute(sql`select count(*)::int as over from payments p where (select coalesce(sum(amount), 0) from refunds r where r.payment_id = p.id) > p.amount`),
  );
  expect(Number(over)).toBe(0);
});

it('refuses what is not refundable here: a checked-in ticket, an unknown one', async () => {
  const fan = await makeUser(t.db, 'scanned');
  const order = await buy(t.db, fan, KOSICE, { seatIds: await seats(KOSICE, 1) });
  const [ticket] = await ticketsOf(order.id);
  await t.db.update(s.tickets).set({ status: 'checked_in', checkedInAt: new Date() }).where(eq(s.tickets.id, ticket.id));
  expect(await t.db.transaction((tx) => refundTickets(tx, { ticketIds: [ticket.id], reason: 'ORGANISER_REFUND', actorId: staff.id }))).toEqual({ ok: false, code: 'TICKET_NOT_REFUNDABLE', ticketId: ticket.id });
  expect(await t.db.transaction((tx) => refundTickets(tx, { ticketIds: ['00000000-0000-4000-8000-000000000000'], reason: 'ORGANISER_REFUND', actorId: staff.id }))).toEqual({ ok: false, code: 'TICKET_NOT_FOUND' });
});

it('the ledger reconciles with the payments and refund rows in SQL: sales less part refunds, fees kept stay the platform’s', async () => {
  const event = await eventBySlug(t.db, KOSICE);
  const [ledger] = await eventLedgers({ eventIds: [event.id] });
  const net = netFigures(ledger);
  const [money] = rowsOf<{ paid: number; refunded: number; kept: number }>(
    await t.db.execute(sql`
      select
        (select coalesce(sum(p.amount), 0)::int from payments p join orders o on o.id = p.order_id and o.current_payment_id = p.id
          where o.event_id = ${event.id}::uuid and o.paid_at is not null) as paid,
        (select coalesce(sum(r.amount), 0)::int from refunds r join payments p on p.id = r.payment_id join orders o on o.id = p.order_id and o.current_payment_id = p.id
          where o.event_id = ${event.id}::uuid) as refunded,
        (select coalesce(sum(fee_kept_amount), 0)::int from partial_refunds where event_id = ${event.id}::uuid) as kept`),
  );
  expect(net.collectedNet).toBe(Number(money.paid) - Number(money.refunded));
  // The part refunds are counted: refunds of tickets and amounts, and the fees kept are the platform's.
  const [parts] = rowsOf<{ tickets: number; money: number; fees: number }>(
    await t.db.execute(sql`select count(ticket_id)::int as tickets, sum(money_amount)::int as money, sum(fee_amount)::int as fees from partial_refunds where event_id = ${event.id}::uuid`),
  );
  // An order whose last money went back by an amount is refunded: its tickets no part refunded count as refunded
  // with their fees (its share closed, as a cancellation's), the money only once (the parts').
  const [closed] = rowsOf<{ tickets: number; fees: number }>(
    await t.db.execute(sql`
      select count(*)::int as tickets, coalesce(sum(oi.fee_amount), 0)::int as fees
      from order_items oi join order_shares s on s.order_id = oi.order_id and s.event_id = ${event.id}::uuid
      join orders o on o.id = oi.order_id
      where s.refunded_at is not null and oi.listing_id is null and o.paid_at is not null
        and not exists (select 1 from tickets tk join partial_refunds p on p.ticket_id = tk.id where tk.order_id = oi.order_id and tk.unit_id = oi.unit_id)`),
  );
  expect(Number(closed.tickets)).toBeGreaterThan(0);
  expect(ledger.refunds.primaryTickets).toBe(Number(parts.tickets) + Number(closed.tickets));
  expect(ledger.refunds.collected).toBe(Number(parts.money));
  expect(ledger.refunds.serviceFees).toBe(Number(parts.fees) + Number(closed.fees));
  expect(net.serviceFees).toBe(ledger.sales.serviceFees - Number(parts.fees) - Number(closed.fees));
  expect(Number(money.kept)).toBeGreaterThan(0);
});
