// Reconciliation of the money model (issue 16, item 6): the event ledger (reports/ledger.ts) and the
// organiser's settlement built on it equal sums written independently in SQL over orders, order items,
// the orders' current payments, the refund queue and the resale payouts — for random data (fast-check):
// primary and resale items, coupon discounts, service and resale fees with the organiser's share,
// orders paid, refunded, never paid or paid too late, orders paid wholly or partly with credit or points
// (no provider payment when wholly), payments that were never the order's, paid times
// on both sides of the period. Rows are inserted directly, so a run is quick; the scenario of real
// purchases is tests/integration/settlement.test.ts.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { localToInstant } from '@/lib/organiser/zoned-time';
import * as s from '@/lib/server/db/schema';
import { eventLedgers, netFigures } from '@/lib/server/reports/ledger';
import { organiserSettlement, periodOf } from '@/lib/server/reports/settlement';
import { useTestDatabase } from '../helpers/db';
import { independentSums as independentOf, type Independent } from '../helpers/money';
import { makeMember, makeOrganisation } from '../helpers/organiser';
import { eventBySlug, makeUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
/** One event in euros, one in Czech crowns, both moved to a new organisation; a third stays with its own (noise). */
const SLUGS = ['dunaj-bratislava-as-trencin', 'vltava-praha-kometa-brno'] as const;
const NOISE = 'dunaj-bratislava-dac-dunajska-streda';
const FROM = '2026-03-20';
const MINUTE = 60_000;
const TERMS = { perTicket: 37, bps: 250 };
/** The platform fee of a primary ticket as the terms say, computed apart from functions.sql order_item_platform_fee. */
const platformFeeOf = (price: number) => Math.min(price, TERMS.perTicket + Math.floor((price * TERMS.bps + 5000) / 10000));

type Fixture = { id: string; currency: 'EUR' | 'CZK'; ticketTypeId: string; ticketId: string };
let events: Fixture[];
let noise: Fixture;
let owner: { id: string };
let orgId: string;
let buyer: { id: string };

const item = fc.record({ price: fc.integer({ min: 0, max: 200_000 }), fee: fc.integer({ min: 0, max: 500 }) });
const resaleItem = fc.record({
  price: fc.integer({ min: 100, max: 100_000 }),
  buyerFee: fc.integer({ min: 0, max: 3_000 }),
  sellerFee: fc.integer({ min: 0, max: 3_000 }),
  sharePercent: fc.integer({ min: 0, max: 100 }),
  paidOut: fc.boolean(),
});
const order = fc
  .record({
    event: fc.integer({ min: 0, max: 2 }),
    primary: fc.array(item, { maxLength: 4 }),
    resale: fc.array(resaleItem, { maxLength: 2 }),
    discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
    /** paid; refunded (money back, or nothing to give back when free); never paid; paid after its tickets were gone (refunded, never a sale). */
    state: fc.constantFrom('paid', 'paid', 'refunded', 'pending', 'failed', 'late'),
    /** Minutes from the period's first midnight: some before, some after. */
    paidAt: fc.integer({ min: -15 * 1440, max: 45 * 1440 }),
    refundAfter: fc.integer({ min: 0, max: 25 * 1440 }),
    /** The share of the order paid with wallet credit or loyalty points: all of it leaves no provider payment (orders/checkout.ts). */
    covered: fc.constantFrom(0, 0, 0.5, 1),
    /** A second payment that was not the order's current one, refunded (NOT_CURRENT). */
    strayPayment: fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: null }),
  })
  .filter((o) => o.primary.length + o.resale.length > 0);

type GeneratedOrder = typeof order extends fc.Arbitrary<infer T> ? T : never;

beforeAll(async () => {
  const org = await makeOrganisation(t.db, 'Reconciliation club');
  orgId = org.id;
  owner = await makeMember(t.db, orgId, 'owner');
  // Commercial terms (issue 32): 0,37 per ticket plus 2,5 % of the price, so the platform fee is in every figure.
  await t.db.update(s.organisations).set({ platformFeePerTicket: TERMS.perTicket, platformFeeBps: TERMS.bps }).where(eq(s.organisations.id, orgId));
  buyer = await makeUser(t.db, 'reconcile-buyer');
  const seller = await makeUser(t.db, 'reconcile-seller');
  const fixture = async (slug: string): Promise<Fixture> => {
    const event = await eventBySlug(t.db, slug);
    const [unit] = await t.db.select().from(s.inventoryUnits).where(eq(s.inventoryUnits.eventId, event.id)).limit(1);
    // One ticket stands behind every resale listing of the event (listings are all sold, so none is active twice).
    const [ticket] = await t.db
      .insert(s.tickets)
      .values({ eventId: event.id, unitId: unit.id, ticketTypeId: unit.ticketTypeId, ownerId: seller.id, priceAmount: 1000, secret: randomUUID(), version: 1 })
      .returning({ id: s.tickets.id });
    return { id: event.id, currency: event.currency, ticketTypeId: unit.ticketTypeId, ticketId: ticket.id };
  };
  events = [await fixture(SLUGS[0]), await fixture(SLUGS[1])];
  noise = await fixture(NOISE);
  await t.db.update(s.events).set({ orgId }).where(inArray(s.events.id, events.map((e) => e.id)));
  sellerId = seller.id;
  // The demo's own orders of these events (a bought ticket stands behind each): kept, and counted by both sides.
  seededOrders = (await t.db.select({ id: s.orders.id }).from(s.orders).where(inArray(s.orders.eventId, all().map((e) => e.id)))).map((o) => o.id);
}, 180_000);
let sellerId: string;
let seededOrders: string[] = [];

const all = () => [...events, noise];
const independent = (eventId: string, from: Date, to: Date) => independentOf(t.db, eventId, from, to);

async function clear() {
  const ids = all().map((e) => e.id);
  // Tax documents are immutable (no row may be deleted, a trigger): a fresh round empties them whole.
  await t.db.execute(sql`truncate tax_document_lines, tax_documents, document_counters`);
  await t.db.delete(s.refunds);
  await t.db.delete(s.payouts);
  await t.db.delete(s.resaleListings).where(inArray(s.resaleListings.eventId, ids));
  await t.db.delete(s.orders).where(and(inArray(s.orders.eventId, ids), notInArray(s.orders.id, seededOrders.length ? seededOrders : [randomUUID()])));
  await t.db.delete(s.holds).where(and(inArray(s.holds.eventId, ids), sql`not exists (select 1 from orders o where o.hold_id = ${s.holds.id})`));
}

/** Writes the generated orders as checkout, the gateway, resale and the refund queue would have left them. */
async function insert(generated: GeneratedOrder[], start: Date) {
  const holds: (typeof s.holds.$inferInsert)[] = [];
  const orders: (typeof s.orders.$inferInsert)[] = [];
  const items: (typeof s.orderItems.$inferInsert)[] = [];
  const payments: (typeof s.payments.$inferInsert)[] = [];
  const refunds: (typeof s.refunds.$inferInsert)[] = [];
  const listings: (typeof s.resaleListings.$inferInsert)[] = [];
  const payouts: (typeof s.payouts.$inferInsert)[] = [];
  const spends: (typeof s.walletLedger.$inferInsert)[] = [];
  const current: { orderId: string; paymentId: string }[] = [];
  for (const g of generated) {
    const event = all()[g.event];
    const orderId = randomUUID();
    const holdId = randomUUID();
    const paidAt = new Date(start.getTime() + g.paidAt * MINUTE);
    const primaryPrice = g.primary.reduce((sum, i) => sum + i.price, 0);
    const discount = Math.floor(g.discountShare * primaryPrice);
    const subtotal = primaryPrice + g.resale.reduce((sum, i) => sum + i.price, 0);
    const fees = g.primary.reduce((sum, i) => sum + i.fee, 0) + g.resale.reduce((sum, i) => sum + i.buyerFee, 0);
    // What credit and points paid: points first (orders.loyalty_amount), wallet credit the rest (its spend row).
    const covered = Math.floor(g.covered * (subtotal - discount + fees));
    const loyalty = Math.floor(covered / 3);
    const total = subtotal - discount + fees - covered;
    const sold = g.state === 'paid' || g.state === 'refunded';
    holds.push({ id: holdId, userId: buyer.id, eventId: event.id, status: 'completed', expiresAt: paidAt });
    const paymentId = total > 0 ? randomUUID() : null;
    orders.push({
      id: orderId,
      userId: buyer.id,
      eventId: event.id,
      holdId,
      status: g.state === 'paid' ? 'paid' : g.state === 'refunded' || g.state === 'late' ? 'refunded' : g.state === 'failed' ? 'failed' : 'pending',
      currency: event.currency,
      subtotalAmount: subtotal,
      discountAmount: discount,
      feeAmount: fees,
      totalAmount: total,
      loyaltyAmount: loyalty,
      loyaltyPoints: loyalty,
      locale: 'en',
      createdAt: new Date(paidAt.getTime() - MINUTE),
      paidAt: sold ? paidAt : null,
      // organiser/cancel.ts dates every refund of a paid order; for one that took no money, this is the only date.
      refundedAt: g.state === 'refunded' ? new Date(paidAt.getTime() + g.refundAfter * MINUTE) : null,
    });
    if (covered - loyalty > 0) spends.push({ userId: buyer.id, orgId, currency: event.currency, kind: 'order_spend', amount: covered - loyalty, orderId });
    if (paymentId) {
      const status = g.state === 'paid' ? 'succeeded' : g.state === 'refunded' || g.state === 'late' ? 'refunded' : g.state === 'failed' ? 'declined' : 'pending';
      payments.push({ id: paymentId, orderId, provider: 'test', providerRef: paymentId, status, amount: total, currency: event.currency });
      current.push({ orderId, paymentId });
      if (status === 'refunded') {
        const at = new Date(paidAt.getTime() + g.refundAfter * MINUTE);
        refunds.push({ paymentId, provider: 'test', amount: total, currency: event.currency, reason: g.state === 'late' ? 'LATE_PAYMENT_UNITS_TAKEN' : 'EVENT_CANCELLED', createdAt: at, nextAttemptAt: at });
      }
    }
    if (g.strayPayment) {
      const stray = randomUUID();
      const at = new Date(paidAt.getTime() + 5 * MINUTE);
      payments.push({ id: stray, orderId, provider: 'test', providerRef: stray, status: 'refunded', amount: g.strayPayment, currency: event.currency });
      refunds.push({ paymentId: stray, provider: 'test', amount: g.strayPayment, currency: event.currency, reason: 'NOT_CURRENT', createdAt: at, nextAttemptAt: at });
    }
    for (const i of g.primary) items.push({ orderId, unitId: null, listingId: null, ticketTypeId: event.ticketTypeId, priceAmount: i.price, feeAmount: i.fee });
    for (const i of g.resale) {
      const listingId = randomUUID();
      listings.push({ id: listingId, ticketId: event.ticketId, eventId: event.id, sellerId, priceAmount: i.price, currency: event.currency, status: sold ? 'sold' : 'withdrawn', soldAt: sold ? paidAt : null });
      items.push({ orderId, unitId: null, listingId, ticketTypeId: event.ticketTypeId, priceAmount: i.price, feeAmount: i.buyerFee });
      if (sold) {
        payouts.push({
          userId: sellerId,
          listingId,
          grossAmount: i.price,
          feeAmount: i.sellerFee,
          netAmount: i.price - i.sellerFee,
          organiserShareAmount: Math.floor(((i.sellerFee + i.buyerFee) * i.sharePercent) / 100),
          currency: event.currency,
          status: g.state === 'refunded' ? 'cancelled' : i.paidOut ? 'paid' : 'pending',
          createdAt: paidAt,
        });
      }
    }
  }
  if (holds.length) await t.db.insert(s.holds).values(holds);
  if (orders.length) await t.db.insert(s.orders).values(orders);
  if (payments.length) await t.db.insert(s.payments).values(payments);
  for (const c of current) await t.db.update(s.orders).set({ currentPaymentId: c.paymentId }).where(eq(s.orders.id, c.orderId));
  if (items.length) await t.db.insert(s.orderItems).values(items);
  if (refunds.length) await t.db.insert(s.refunds).values(refunds);
  if (listings.length) await t.db.insert(s.resaleListings).values(listings);
  if (payouts.length) await t.db.insert(s.payouts).values(payouts);
  if (spends.length) await t.db.insert(s.walletLedger).values(spends);
  // Every paid order's money per event, as paying it splits it (orders/fulfil.ts markOrderPaid).
  await t.db.execute(sql`select order_split_missing()`);
}

describe('reconciliation of the money model', () => {
  it('ledger and settlement equal independent SQL sums over orders, items, payments, refunds and payouts, for random data', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(order, { minLength: 1, maxLength: 14 }), fc.integer({ min: 1, max: 40 }), async (generated, days) => {
        await clear();
        const to = new Date(`${FROM}T12:00:00Z`);
        to.setUTCDate(to.getUTCDate() + days - 1);
        const toDay = to.toISOString().slice(0, 10);
        const { start, end } = periodOf(FROM, toDay);
        await insert(generated, start);
        // Every primary line of the organisation's events carries the fee its terms say; resale lines none.
        const lines = await t.db
          .select({ price: s.orderItems.priceAmount, fee: s.orderItems.platformFeeAmount, listingId: s.orderItems.listingId })
          .from(s.orderItems)
          .innerJoin(s.orders, eq(s.orders.id, s.orderItems.orderId))
          .where(and(inArray(s.orders.eventId, events.map((e) => e.id)), notInArray(s.orders.id, seededOrders.length ? seededOrders : [randomUUID()])));
        for (const line of lines) expect(line.fee).toBe(line.listingId ? 0 : platformFeeOf(line.price));

        const ledgers = await eventLedgers({ eventIds: all().map((e) => e.id), from: start, to: end });
        const expected = new Map<string, Independent>();
        for (const ledger of ledgers) {
          const sums = await independent(ledger.eventId, start, end);
          expected.set(ledger.eventId, sums);
          const net = netFigures(ledger);
          for (const value of [...Object.values(ledger.sales), ...Object.values(ledger.refunds), ...Object.values(net)]) expect(Number.isInteger(value)).toBe(true);
          expect(net.primaryNet).toBe(sums.primaryNet);
          expect(net.serviceFees).toBe(sums.serviceFees);
          expect(net.resaleFees).toBe(sums.resaleFees);
          expect(net.organiserResaleShare).toBe(sums.share);
          expect(net.ticketFees).toBe(sums.ticketFees);
          expect(net.owedToOrganiser).toBe(sums.primaryNet - sums.ticketFees + sums.share);
          expect(net.platformFees).toBe(sums.serviceFees + sums.ticketFees + sums.resaleFees - sums.share);
          expect(net.collectedNet).toBe(sums.collected);
          // Every cent the buyers paid is someone's: the organiser's net sales, Tribuna's service fees, the
          // resellers' prices and the resale buyer fees (what credit and points paid is off the organiser's sales).
          const { sales, refunds } = ledger;
          expect(net.primaryNet + net.serviceFees + sales.resaleVolume - refunds.resaleVolume + sales.resaleBuyerFees - refunds.resaleBuyerFees).toBe(net.collectedNet);
        }

        // The organisation's statement: its two events only (the noise event is another organisation's), totals per currency.
        const result = await organiserSettlement(owner.id, { organisation: orgId, from: FROM, to: toDay }, 'en');
        if (!result.ok) throw new Error(result.code);
        for (const { currency, lines, total } of result.settlement.currencies) {
          const mine = events.filter((e) => e.currency === currency).map((e) => expected.get(e.id)!);
          expect(lines.every((l) => events.some((e) => e.id === l.eventId && e.currency === currency))).toBe(true);
          const sumOf = (k: keyof Independent) => mine.reduce((acc, x) => acc + x[k], 0);
          expect(total.primaryGross).toBe(sumOf('primaryGross'));
          expect(total.discounts).toBe(sumOf('discounts'));
          expect(total.credits).toBe(sumOf('credits'));
          expect(total.refunds).toBe(sumOf('refunds'));
          expect(total.primaryNet).toBe(sumOf('primaryNet'));
          expect(total.serviceFees).toBe(sumOf('serviceFees'));
          expect(total.resaleFees).toBe(sumOf('resaleFees'));
          expect(total.organiserResaleShare).toBe(sumOf('share'));
          expect(total.ticketFees).toBe(sumOf('ticketFees'));
          expect(total.owed).toBe(sumOf('primaryNet') - sumOf('ticketFees') + sumOf('share'));
          expect(total.collected).toBe(sumOf('collected'));
          for (const value of Object.values(total)) expect(Number.isInteger(value)).toBe(true);
        }
        // An event missing from the statement had nothing in the period.
        for (const event of events) {
          const listed = result.settlement.currencies.some((c) => c.lines.some((l) => l.eventId === event.id));
          const sums = expected.get(event.id)!;
          if (!listed) expect(sums).toEqual({ primaryNet: 0, ticketFees: 0, serviceFees: 0, resaleFees: 0, share: 0, collected: 0, primaryGross: 0, discounts: 0, credits: 0, refunds: 0 });
        }
      }),
      { numRuns: 60 },
    );
  }, 600_000);

  it('with no period: what buyers paid and kept paid is what the current payments took less what was refunded of them', async () => {
    const ledgers = await eventLedgers({ eventIds: all().map((e) => e.id) });
    for (const ledger of ledgers) {
      const sums = await independent(ledger.eventId, new Date('2000-01-01T00:00:00Z'), new Date('2100-01-01T00:00:00Z'));
      expect(netFigures(ledger).collectedNet).toBe(sums.collected);
      expect(netFigures(ledger).owedToOrganiser).toBe(sums.primaryNet - sums.ticketFees + sums.share);
    }
    expect(localToInstant(`${FROM}T00:00`)).toBe(periodOf(FROM, FROM).start.toISOString());
  });
});
