// The organiser's settlement (issue 16, item 6): a scenario of real purchases at controlled times — a
// coupon, a service fee, resale sales with the seller's and the buyer's fee and a 50 % organiser share,
// a cancelled event refunded by organiser/cancel.ts — whose statement is asserted to the minor unit,
// for the whole period and for days at its boundaries; who may read it; the CSV read back. The
// organiser's share of resale fees is plumbed through the policy API and fixed on each sale.
import { parse } from 'csv-parse/sync';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { GET as settlementGet } from '@/tests/helpers/api';
import { GET as settlementCsv } from '@/tests/helpers/api';
import { GET as policyGet, PUT as policyPut } from '@/tests/helpers/api';
import { GET as settingsGet } from '@/tests/helpers/api';
import { localToInstant } from '@/lib/organiser/zoned-time';
import { resalePolicyResultSchema, resalePolicyViewSchema, orgSettingsSchema } from '@/lib/schemas/organiser-codes';
import { settlementSchema, type Settlement } from '@/lib/schemas/settlements';
import * as s from '@/lib/server/db/schema';
import { cancelEvent, finishCancellation } from '@/lib/server/events/cancel';
import { eventLedgers, netFigures } from '@/lib/server/reports/ledger';
import { currentMonth, organiserSettlement, periodOf } from '@/lib/server/reports/settlement';
import { listTicketForResale } from '@/lib/server/resale/listing';
import { organiserFeeShare as organiserShareOf } from '@/lib/money';
import { answerOf, failureBodyOf } from '../helpers/contract';
import { useTestDatabase } from '../helpers/db';
import { independentSums } from '../helpers/money';
import { makeCast, orgIdOfSlug, type Cast } from '../helpers/organiser';
import { buy } from '../helpers/purchases';
import { freeSeatsOf } from '../helpers/seats';
import { auth, eventBySlug, makeUser, params, request } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const KOSICE = 'dunaj-bratislava-fc-kosice';
const ZILINA = 'dunaj-bratislava-msk-zilina';
const POLICY = {
  transferEnabled: true,
  resaleEnabled: true,
  resaleCapPercent: 100,
  resaleCapAmount: null,
  resaleWindowHours: 2,
  resaleSellerFeeBps: 500,
  resaleBuyerFeeBps: 300,
  resaleOrganiserSharePercent: 50,
  freeTicketsResale: false,
};

/** YYYY-MM-DD of today + `days` in Europe/Bratislava. */
function dayFromToday(days: number): string {
  const today = currentMonth().to;
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
/** The instant of `hh:mm` on `day` in Europe/Bratislava. */
const at = (day: string, time: string) => new Date(localToInstant(`${day}T${time}`)!);

// The scenario's days: the next three days (the events are a week and two weeks ahead).
const DAY1 = dayFromToday(1);
const DAY2 = dayFromToday(2);
const DAY3 = dayFromToday(3);

let orgId: string;
let cast: Cast;
/** Expected figures, built from prices and rules, not read back from the orders. */
const expected = { kosice: {} as Record<string, number>, zilina: {} as Record<string, number> };
let kosiceId: string;
let zilinaId: string;

async function facePrices(eventId: string, seatIds: string[]): Promise<number[]> {
  const rows = await t.db
    .select({ price: s.ticketTypes.priceAmount })
    .from(s.inventoryUnits)
    .innerJoin(s.ticketTypes, eq(s.ticketTypes.id, s.inventoryUnits.ticketTypeId))
    .where(and(eq(s.inventoryUnits.eventId, eventId), inArray(s.inventoryUnits.seatId, seatIds)));
  return rows.map((r) => r.price);
}

async function ticketsOf(orderId: string) {
  return t.db.select().from(s.tickets).where(eq(s.tickets.orderId, orderId));
}

const get = (path: string, headers: Record<string, string>) => settlementGet(request(path, { headers }), params({}));
const query = (from: string, to: string, extra = '') => `/api/v1/organiser/settlements?organisation=${orgId}&from=${from}&to=${to}${extra}`;

async function statement(from: string, to: string, extra = ''): Promise<Settlement> {
  return answerOf(settlementSchema, await get(query(from, to, extra), auth(cast.owner)));
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

beforeAll(async () => {
  orgId = await orgIdOfSlug(t.db, 'fk-dunaj-bratislava');
  cast = await makeCast(t.db, orgId);
  const kosice = await eventBySlug(t.db, KOSICE);
  const zilina = await eventBySlug(t.db, ZILINA);
  kosiceId = kosice.id;
  zilinaId = zilina.id;

  // The owner sets both events' resale rules with a 50 % share through the API; Košice gets a 1.50 € service fee.
  for (const eventId of [kosiceId, zilinaId]) {
    const put = await policyPut(request(`/api/v1/organiser/events/${eventId}/resale-policy`, { method: 'PUT', headers: auth(cast.owner), body: POLICY }), params({ eventId }));
    expect((await answerOf(resalePolicyResultSchema, put)).policy).toEqual(POLICY);
  }
  await t.db.update(s.events).set({ serviceFeeAmount: 150 }).where(eq(s.events.id, kosiceId));
  await t.db.insert(s.coupons).values({ code: 'SETTLE10', orgId, eventId: kosiceId, kind: 'percent', value: 10 });

  // ── Košice: day 1, two seats with the coupon at 10:00, one seat at 23:30 (the day's last half hour)
  const alena = await makeUser(t.db, 'alena');
  const boris = await makeUser(t.db, 'boris');
  const cyril = await makeUser(t.db, 'cyril');
  const seatsA = await freeSeatsOf(t.db, KOSICE, 2, 300);
  const seatsB = await freeSeatsOf(t.db, KOSICE, 1, 310);
  const pricesA = await facePrices(kosiceId, seatsA);
  const pricesB = await facePrices(kosiceId, seatsB);
  const orderA = await buy(t.db, alena, KOSICE, { seatIds: seatsA }, { now: at(DAY1, '10:00'), code: 'SETTLE10' });
  const orderB = await buy(t.db, boris, KOSICE, { seatIds: seatsB }, { now: at(DAY1, '23:30') });
  const discountA = Math.floor((sum(pricesA) * 10) / 100);
  expect(orderA).toMatchObject({ subtotalAmount: sum(pricesA), discountAmount: discountA, feeAmount: 300, totalAmount: sum(pricesA) - discountA + 300 });

  // Day 2, 10:00: Alena resells one of her tickets at its face value; Cyril buys it.
  const [resold] = await ticketsOf(orderA.id);
  const listed = await listTicketForResale(alena, { ticketId: resold.id, priceAmount: resold.priceAmount }, at(DAY2, '09:00'));
  if (!listed.ok) throw new Error(listed.code);
  const orderC = await buy(t.db, cyril, KOSICE, { listingId: listed.listing.id }, { now: at(DAY2, '10:00') });
  const sellerFee = Math.round((resold.priceAmount * 500) / 10_000);
  const buyerFee = Math.round((resold.priceAmount * 300) / 10_000);
  expect(orderC).toMatchObject({ subtotalAmount: resold.priceAmount, feeAmount: buyerFee, totalAmount: resold.priceAmount + buyerFee });

  expected.kosice = {
    primaryGross: sum(pricesA) + sum(pricesB),
    discounts: discountA,
    serviceFees: 150 * 3,
    resaleSellerFee: sellerFee,
    resaleBuyerFee: buyerFee,
    share: Math.floor(((sellerFee + buyerFee) * 50) / 100),
    primaryGrossDay1: sum(pricesA) + sum(pricesB),
    priceB: sum(pricesB),
    resalePrice: resold.priceAmount,
    collected: orderA.totalAmount + orderB.totalAmount + orderC.totalAmount,
  };

  // ── Žilina: day 2, Dana buys two seats (service fee 1 €), resells one to Emil; day 3 the owner cancels
  // the event: the cancellation stops the sale, its finishing step refunds both orders.
  const dana = await makeUser(t.db, 'dana');
  const emil = await makeUser(t.db, 'emil');
  const seatsD = await freeSeatsOf(t.db, ZILINA, 2, 300);
  const pricesD = await facePrices(zilinaId, seatsD);
  const orderD = await buy(t.db, dana, ZILINA, { seatIds: seatsD }, { now: at(DAY2, '11:00') });
  const [danaTicket] = await ticketsOf(orderD.id);
  const listedD = await listTicketForResale(dana, { ticketId: danaTicket.id, priceAmount: danaTicket.priceAmount }, at(DAY2, '12:00'));
  if (!listedD.ok) throw new Error(listedD.code);
  const orderE = await buy(t.db, emil, ZILINA, { listingId: listedD.listing.id }, { now: at(DAY2, '13:00') });
  const cancelled = await cancelEvent(cast.owner, zilinaId, { now: at(DAY3, '09:00'), maxOrders: 0 });
  expect(cancelled).toMatchObject({ ok: true, progress: { ordersWaiting: 2 } });
  expect(await finishCancellation(zilinaId, { now: at(DAY3, '09:05') })).toEqual({ ordersRefunded: 2, done: true });
  const zSeller = Math.round((danaTicket.priceAmount * 500) / 10_000);
  const zBuyer = Math.round((danaTicket.priceAmount * 300) / 10_000);
  expected.zilina = {
    primaryGross: sum(pricesD),
    serviceFees: 100 * 2,
    resaleFees: zSeller + zBuyer,
    share: organiserShareOf(zSeller, zBuyer, 50),
    collected: orderD.totalAmount + orderE.totalAmount,
  };
}, 240_000);

describe("the organiser's share of resale fees", () => {
  it('is part of the resale policy the API reads and writes, and organisation defaults without it read as 0', async () => {
    const view = await answerOf(resalePolicyViewSchema, await policyGet(request(`/api/v1/organiser/events/${kosiceId}/resale-policy`, { headers: auth(cast.manager) }), params({ eventId: kosiceId })));
    expect(view.policy.resaleOrganiserSharePercent).toBe(50);
    const [{ share }] = await t.db.select({ share: s.events.resaleOrganiserSharePercent }).from(s.events).where(eq(s.events.id, kosiceId));
    expect(share).toBe(50);

    const over = await policyPut(request(`/api/v1/organiser/events/${kosiceId}/resale-policy`, { method: 'PUT', headers: auth(cast.owner), body: { ...POLICY, resaleOrganiserSharePercent: 101 } }), params({ eventId: kosiceId }));
    expect(over.status).toBe(422);
    expect((await failureBodyOf(over)).errors).toEqual([{ field: 'resaleOrganiserSharePercent', message: 'Enter a whole percentage from 0 to 100.' }]);
    const missing = await policyPut(
      request(`/api/v1/organiser/events/${kosiceId}/resale-policy`, { method: 'PUT', headers: auth(cast.owner), body: { ...POLICY, resaleOrganiserSharePercent: undefined } }),
      params({ eventId: kosiceId }),
    );
    expect(missing.status).toBe(422);

    // Defaults saved before the share existed (the demo's, and any organisation's until it saves them again).
    const { resaleOrganiserSharePercent: _dropped, ...legacy } = s.DEFAULT_RESALE_POLICY;
    await t.db.update(s.organisations).set({ resaleDefaults: legacy }).where(eq(s.organisations.id, orgId));
    const settings = await answerOf(orgSettingsSchema, await settingsGet(request(`/api/v1/organiser/organisations/${orgId}/settings`, { headers: auth(cast.manager) }), params({ orgId })));
    expect(settings.resaleDefaults.resaleOrganiserSharePercent).toBe(0);
  });

  it('is fixed on the payout when a resale ticket sells: floor((seller fee + buyer fee) × percent / 100), kept when the policy changes later', async () => {
    const payouts = await t.db
      .select({ gross: s.payouts.grossAmount, fee: s.payouts.feeAmount, share: s.payouts.organiserShareAmount, buyerFee: s.orderItems.feeAmount, eventId: s.orders.eventId, status: s.payouts.status })
      .from(s.payouts)
      .innerJoin(s.orderItems, eq(s.orderItems.listingId, s.payouts.listingId))
      .innerJoin(s.orders, eq(s.orders.id, s.orderItems.orderId))
      // The scenario's two matches: the demo seeds resales of its own on the past match.
      .where(and(isNotNull(s.orders.paidAt), inArray(s.orders.eventId, [kosiceId, zilinaId])));
    expect(payouts).toHaveLength(2);
    const kosice = payouts.find((p) => p.eventId === kosiceId)!;
    expect(kosice).toMatchObject({ fee: expected.kosice.resaleSellerFee, buyerFee: expected.kosice.resaleBuyerFee, share: expected.kosice.share, status: 'pending' });
    // The Žilina resale was refunded with the event: its seller is not paid, the share stays recorded (the refund reverses it).
    expect(payouts.find((p) => p.eventId === zilinaId)).toMatchObject({ share: expected.zilina.share, status: 'cancelled' });
    expect(organiserShareOf(95, 57, 50)).toBe(76);
    expect(organiserShareOf(95, 58, 50)).toBe(76);
    expect(organiserShareOf(1, 0, 99)).toBe(0);

    await t.db.update(s.events).set({ resaleOrganiserSharePercent: 0 }).where(eq(s.events.id, kosiceId));
    const [after] = await eventLedgers({ eventIds: [kosiceId] });
    expect(after.sales.organiserResaleShare).toBe(expected.kosice.share);
    await t.db.update(s.events).set({ resaleOrganiserSharePercent: 50 }).where(eq(s.events.id, kosiceId));
  });
});

describe('settlement statement', () => {
  it('over the whole period: per event and in total, to the minor unit', async () => {
    const st = await statement(DAY1, DAY3);
    expect(st.period).toEqual({ from: DAY1, to: DAY3, timeZone: 'Europe/Bratislava', start: at(DAY1, '00:00').toISOString(), end: periodOf(DAY3, DAY3).end.toISOString() });
    expect(st.currencies.map((c) => c.currency)).toEqual(['EUR']);
    const [eur] = st.currencies;
    expect(eur.lines.map((l) => l.eventId)).toEqual([kosiceId, zilinaId]);
    const [kosice, zilina] = eur.lines;
    const k = expected.kosice;
    const kResaleFees = k.resaleSellerFee + k.resaleBuyerFee;
    expect(kosice).toMatchObject({
      primaryTickets: 3,
      primaryGross: k.primaryGross,
      discounts: k.discounts,
      refunds: 0,
      primaryNet: k.primaryGross - k.discounts,
      serviceFees: k.serviceFees,
      resaleTickets: 1,
      resaleFees: kResaleFees,
      organiserResaleShare: k.share,
      owed: k.primaryGross - k.discounts + k.share,
      platformFees: k.serviceFees + kResaleFees - k.share,
      collected: k.collected,
      status: 'on_sale',
    });
    // What buyers paid = the organiser's + Tribuna's + what the seller is paid (price − seller fee).
    expect(kosice.collected).toBe(kosice.owed + kosice.platformFees + (k.resalePrice - k.resaleSellerFee));

    // Žilina sold on day 2 and refunded everything on day 3: nothing is owed for it over the period.
    const z = expected.zilina;
    expect(zilina).toMatchObject({
      status: 'cancelled',
      primaryTickets: 2,
      primaryGross: z.primaryGross,
      discounts: 0,
      refunds: z.primaryGross,
      primaryNet: 0,
      serviceFees: 0,
      resaleTickets: 1,
      resaleFees: 0,
      organiserResaleShare: 0,
      owed: 0,
      platformFees: 0,
      collected: 0,
    });
    for (const key of ['primaryGross', 'discounts', 'credits', 'refunds', 'primaryNet', 'serviceFees', 'resaleFees', 'organiserResaleShare', 'owed', 'platformFees', 'collected'] as const) {
      expect(eur.total[key]).toBe(kosice[key] + zilina[key]);
    }
    expect(eur.total.owed).toBe(k.primaryGross - k.discounts + k.share);
  });

  it('counts sales on the day they were paid and refunds on the day they were made (Europe/Bratislava days)', async () => {
    const k = expected.kosice;
    const z = expected.zilina;
    // Day 1 holds the 23:30 sale (21:30 or 22:30 UTC); day 2 does not.
    const day1 = await statement(DAY1, DAY1);
    expect(day1.currencies[0].lines.map((l) => l.eventId)).toEqual([kosiceId]);
    expect(day1.currencies[0].lines[0]).toMatchObject({ primaryTickets: 3, primaryGross: k.primaryGrossDay1, discounts: k.discounts, resaleTickets: 0, owed: k.primaryGrossDay1 - k.discounts });
    const day2 = await statement(DAY2, DAY2);
    const [kDay2, zDay2] = day2.currencies[0].lines;
    expect(kDay2).toMatchObject({ eventId: kosiceId, primaryTickets: 0, primaryGross: 0, resaleTickets: 1, organiserResaleShare: k.share, owed: k.share });
    expect(zDay2).toMatchObject({ eventId: zilinaId, primaryGross: z.primaryGross, refunds: 0, serviceFees: z.serviceFees, resaleFees: z.resaleFees, organiserResaleShare: z.share, owed: z.primaryGross + z.share, collected: z.collected });
    // Day 3 has only the refunds: a negative statement for Žilina.
    const day3 = await statement(DAY3, DAY3);
    expect(day3.currencies[0].lines).toEqual([
      expect.objectContaining({ eventId: zilinaId, primaryTickets: 0, primaryGross: 0, refunds: z.primaryGross, primaryNet: -z.primaryGross, serviceFees: -z.serviceFees, resaleFees: -z.resaleFees, organiserResaleShare: -z.share, owed: -(z.primaryGross + z.share), collected: -z.collected }),
    ]);
    // Days add up to the whole period, figure by figure.
    const whole = (await statement(DAY1, DAY3)).currencies[0].total;
    const parts = [day1, day2, day3].map((d) => d.currencies[0].total);
    for (const key of Object.keys(whole) as (keyof typeof whole)[]) expect(sum(parts.map((p) => p[key]))).toBe(whole[key]);

    // Today and the day after the scenario: nothing of it; the period is [from 00:00, the day after `to` 00:00) in Bratislava.
    expect((await statement(dayFromToday(4), dayFromToday(5))).currencies).toEqual([]);
    expect(periodOf('2026-03-29', '2026-03-29')).toEqual({ start: new Date('2026-03-28T23:00:00Z'), end: new Date('2026-03-29T22:00:00Z') });
    expect(periodOf('2026-10-25', '2026-10-25')).toEqual({ start: new Date('2026-10-24T22:00:00Z'), end: new Date('2026-10-25T23:00:00Z') });
  });

  it('for one event: only its line, even with nothing in the period', async () => {
    const only = await statement(DAY1, DAY3, `&event=${zilinaId}`);
    expect(only.eventId).toBe(zilinaId);
    expect(only.currencies[0].lines.map((l) => l.eventId)).toEqual([zilinaId]);
    const quiet = await statement(dayFromToday(4), dayFromToday(4), `&event=${kosiceId}`);
    expect(quiet.currencies[0].lines).toEqual([expect.objectContaining({ eventId: kosiceId, primaryGross: 0, owed: 0 })]);
  });

  it('reconciles with sums over the orders, payments, refunds and payouts in SQL, for the period and for each day', async () => {
    for (const [from, to] of [
      [DAY1, DAY3],
      [DAY1, DAY1],
      [DAY2, DAY2],
      [DAY3, DAY3],
    ]) {
      const { start, end } = periodOf(from, to);
      const st = await statement(from, to);
      for (const line of st.currencies[0].lines) {
        const sums = await independentSums(t.db, line.eventId, start, end);
        expect([line.primaryGross, line.discounts, line.refunds, line.primaryNet, line.serviceFees, line.resaleFees, line.organiserResaleShare, line.collected]).toEqual([
          sums.primaryGross,
          sums.discounts,
          sums.refunds,
          sums.primaryNet,
          sums.serviceFees,
          sums.resaleFees,
          sums.share,
          sums.collected,
        ]);
        expect(line.ticketFees).toBe(sums.ticketFees);
        expect(line.owed).toBe(sums.primaryNet - sums.ticketFees + sums.share);
      }
    }
  });

  it('agrees with the event ledger it is built on', async () => {
    const { start, end } = periodOf(DAY1, DAY3);
    const ledgers = await eventLedgers({ eventIds: [kosiceId, zilinaId], from: start, to: end });
    const st = await statement(DAY1, DAY3);
    for (const ledger of ledgers) {
      const line = st.currencies[0].lines.find((l) => l.eventId === ledger.eventId)!;
      const net = netFigures(ledger);
      expect([line.primaryNet, line.owed, line.platformFees, line.collected, line.serviceFees]).toEqual([net.primaryNet, net.owedToOrganiser, net.platformFees, net.collectedNet, net.serviceFees]);
    }
  });
});

describe('who may read it', () => {
  it('the owner only: a manager or scanner is 403, a fan or another organisation 404, no session 401; an event of another organisation is 404', async () => {
    const path = query(DAY1, DAY3);
    expect((await get(path, auth(cast.owner))).status).toBe(200);
    const manager = await get(path, auth(cast.manager));
    expect(manager.status).toBe(403);
    expect((await failureBodyOf(manager)).code).toBe('ROLE_FORBIDDEN');
    expect((await get(path, auth(cast.scanner))).status).toBe(403);
    const stranger = await get(path, auth(cast.stranger));
    expect(stranger.status).toBe(404);
    expect((await failureBodyOf(stranger)).code).toBe('NOT_FOUND');
    expect((await get(path, auth(cast.fan))).status).toBe(404);
    expect((await get(path, { 'accept-language': 'en' })).status).toBe(401);
    const csvAnonymous = await settlementCsv(request(`/api/v1/organiser/settlements.csv?organisation=${orgId}&from=${DAY1}&to=${DAY3}`, { headers: { 'accept-language': 'en' } }), params({}));
    expect(csvAnonymous.status).toBe(401);
    expect((await settlementCsv(request(`/api/v1/organiser/settlements.csv?organisation=${orgId}&from=${DAY1}&to=${DAY3}`, { headers: auth(cast.manager) }), params({}))).status).toBe(403);

    // Another organisation's event, asked through this organisation: as if it did not exist.
    const prague = await eventBySlug(t.db, 'vltava-praha-slavia-praha');
    expect((await get(query(DAY1, DAY3, `&event=${prague.id}`), auth(cast.owner))).status).toBe(404);
    expect(await organiserSettlement(cast.stranger.id, { organisation: orgId, from: DAY1, to: DAY3 }, 'en')).toEqual({ ok: false, code: 'ORG_NOT_FOUND' });
  });

  it('refuses a period that is not one, with translated field errors', async () => {
    const backwards = await get(query(DAY3, DAY1), auth(cast.owner));
    expect(backwards.status).toBe(422);
    expect((await failureBodyOf(backwards)).errors).toEqual([{ field: 'to', message: 'The last day cannot be before the first.' }]);
    const bad = await get(query('2026-02-30', DAY1), auth(cast.owner));
    expect(bad.status).toBe(422);
    expect((await failureBodyOf(bad)).errors).toEqual([{ field: 'from', message: 'Enter a date as YYYY-MM-DD.' }]);
    expect((await get(query('2000-01-01', '2030-01-01'), auth(cast.owner))).status).toBe(422);
    expect((await get(`/api/v1/organiser/settlements?from=${DAY1}&to=${DAY3}`, auth(cast.owner))).status).toBe(422);
  });
});

describe('the CSV', () => {
  it('has a BOM, a translated header, a row per event and a total per currency, semicolons and amounts with a decimal comma (Slovak Excel)', async () => {
    const response = await settlementCsv(request(`/api/v1/organiser/settlements.csv?organisation=${orgId}&from=${DAY1}&to=${DAY3}`, { headers: auth(cast.owner, { 'accept-language': 'sk' }) }), params({}));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="settlement-${DAY1}-${DAY3}.csv"`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows: Record<string, string>[] = parse(bytes, { bom: true, columns: true, delimiter: ';' });
    expect(Object.keys(rows[0])).toEqual([
      'Podujatie',
      'Dátum',
      'Mena',
      'Predané vstupenky',
      'Predaj vstupeniek',
      'Zľavy z kupónov',
      'Kredit a body',
      'Vrátené platby',
      'Čistý predaj vstupeniek',
      'Servisné poplatky (Tribuna)',
      'Poplatok platformy (Tribuna)',
      'Ďalej predané vstupenky',
      'Poplatky za ďalší predaj',
      'Váš podiel z poplatkov za ďalší predaj',
      'Dlžná suma pre vás',
    ]);
    const st = await statement(DAY1, DAY3);
    const major = (minor: number) => (minor / 100).toFixed(2).replace('.', ',');
    expect(rows).toHaveLength(3);
    const [kosice, zilina, total] = rows;
    expect(kosice['Podujatie']).toBe('FK Dunaj Bratislava – FC Košice');
    expect(kosice['Mena']).toBe('EUR');
    expect(kosice['Predaj vstupeniek']).toBe(major(expected.kosice.primaryGross));
    expect(kosice['Dlžná suma pre vás']).toBe(major(st.currencies[0].lines[0].owed));
    expect(kosice['Váš podiel z poplatkov za ďalší predaj']).toBe(major(expected.kosice.share));
    expect(zilina['Vrátené platby']).toBe(major(expected.zilina.primaryGross));
    expect(zilina['Dlžná suma pre vás']).toBe('0,00');
    expect(total).toMatchObject({ Podujatie: 'Spolu', Dátum: '', Mena: 'EUR', 'Dlžná suma pre vás': major(st.currencies[0].total.owed), 'Predané vstupenky': '5' });
    // Every amount has a decimal comma and two decimals, nothing else.
    for (const row of rows) for (const key of ['Predaj vstupeniek', 'Zľavy z kupónov', 'Kredit a body', 'Vrátené platby', 'Dlžná suma pre vás']) expect(row[key]).toMatch(/^-?\d+,\d{2}$/);
  });
});
