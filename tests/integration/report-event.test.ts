// The event report and the organisation overview (issue 16, items 1 and 3): a scenario of real
// purchases at controlled times (two categories over two days, a coupon, a redeem code, a resale sale,
// a withdrawn and a live listing, check-ins at two gates and one without a gate; and a second event
// cancelled and refunded) whose report figures are asserted exactly; who may read it; the overview's
// period; the demo history of the seeded past match.
import { eventChanged } from '@/lib/server/events/changed';
import { and, asc, eq, sql } from 'drizzle-orm';
import { GET as reportRoute } from '@/tests/helpers/api';
import { GET as overviewRoute } from '@/tests/helpers/api';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { runSeed } from '@/lib/server/db/seed';
import { cancelEvent } from '@/lib/server/events/cancel';
import { createRedeemBatch } from '@/lib/server/coupons/redeem-codes';
import { eventReport } from '@/lib/server/reports/event-report';
import { eventLedgers } from '@/lib/server/reports/ledger';
import { organisationOverview } from '@/lib/server/reports/overview';
import { listTicketForResale, withdrawListing } from '@/lib/server/resale/listing';
import { scanTicket } from '@/lib/server/scan/scan';
import { redeemCode } from '@/lib/server/tickets/redeem';
import { eventReportSchema, overviewSchema } from '@/lib/schemas/reports';
import { useTestDatabase } from '../helpers/db';
import { expectedStatuses, makeCast, orgIdOfSlug, statusesOf, type Cast } from '../helpers/organiser';
import { buy } from '../helpers/purchases';
import { currentCode, eventBySlug, makeUser, params, request, type TestUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const TRNAVA = 'dunaj-bratislava-spartak-trnava';
const ZILINA = 'dunaj-bratislava-msk-zilina';
const PAST = 'dunaj-bratislava-slovan-liberec';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(ms).toISOString();

let orgId: string;
let cast: Cast;
/** The sale opens on the hour (a future one: carts hold against the database's clock). */
const T0 = Math.ceil(Date.now() / HOUR) * HOUR + HOUR;
let trnava: typeof s.events.$inferSelect;
let zilina: typeof s.events.$inferSelect;
const fans: Record<'a' | 'b' | 'c' | 'd', TestUser> = {} as never;

/** Free seats of one price category of an event. */
async function seatsOf(eventId: string, code: string, count: number): Promise<string[]> {
  const rows = rowsOf<{ seat_id: string }>(
    await t.db.execute(sql`
      select u.seat_id from inventory_units u join ticket_types tt on tt.id = u.ticket_type_id
      where u.event_id = ${eventId} and tt.code = ${code} and u.status = 'available'
      order by u.id limit ${count}`),
  );
  return rows.map((r) => r.seat_id);
}

async function ticketsOfOrder(orderId: string) {
  return t.db.select().from(s.tickets).where(eq(s.tickets.orderId, orderId)).orderBy(asc(s.tickets.id));
}

async function scan(ticketId: string, when: number, gate?: string) {
  const code = await currentCode(t.db, ticketId, when);
  return scanTicket({ id: cast.scanner.id }, { payload: code, eventId: trnava.id, gate }, new Date(when));
}

beforeAll(async () => {
  orgId = await orgIdOfSlug(t.db, 'fk-dunaj-bratislava');
  cast = await makeCast(t.db, orgId);
  for (const key of ['a', 'b', 'c', 'd'] as const) fans[key] = await makeUser(t.db, `report-${key}`);
  trnava = await eventBySlug(t.db, TRNAVA);
  zilina = await eventBySlug(t.db, ZILINA);
  await t.db.update(s.events).set({ saleStartsAt: new Date(T0) }).where(eq(s.events.id, trnava.id));
}, 180_000);

describe('event report', () => {
  let doors: number;
  let end: number;
  const ids = {} as Record<string, string>;

  beforeAll(async () => {
    doors = trnava.doorsAt!.getTime();
    end = trnava.endsAt!.getTime();
    // Day one: the on-sale's first minutes, then an afternoon sale.
    const o1 = await buy(t.db, fans.a, TRNAVA, { seatIds: await seatsOf(trnava.id, 'A', 2) }, { now: new Date(T0 + 2 * MINUTE) });
    const o2 = await buy(t.db, fans.b, TRNAVA, { seatIds: await seatsOf(trnava.id, 'B', 3) }, { now: new Date(T0 + 7 * MINUTE), code: 'DUNAJ10' });
    const o3 = await buy(t.db, fans.c, TRNAVA, { seatIds: await seatsOf(trnava.id, 'A', 1) }, { now: new Date(T0 + 3 * HOUR + 10 * MINUTE) });
    // Day two.
    const o4 = await buy(t.db, fans.a, TRNAVA, { seatIds: await seatsOf(trnava.id, 'B', 2) }, { now: new Date(T0 + DAY + 5 * HOUR) });
    const [a1, a2] = await ticketsOfOrder(o1.id);
    const [b1, b2, b3] = await ticketsOfOrder(o2.id);
    const [c1] = await ticketsOfOrder(o3.id);
    const [d1] = await ticketsOfOrder(o4.id);

    // Resale: fan C's ticket sold to fan D; fan A withdraws a listing; fan B's stays on sale.
    const listing = await listTicketForResale(fans.c, { ticketId: c1.id, priceAmount: 2500 }, new Date(T0 + DAY + 6 * HOUR));
    if (!listing.ok) throw new Error(listing.code);
    await buy(t.db, fans.d, TRNAVA, { listingId: listing.listing.id }, { now: new Date(T0 + DAY + 7 * HOUR) });
    expect((await listTicketForResale(fans.a, { ticketId: d1.id, priceAmount: 1800 }, new Date(T0 + DAY + 8 * HOUR))).ok).toBe(true);
    expect((await withdrawListing(fans.a, d1.id, new Date(T0 + DAY + 9 * HOUR))).ok).toBe(true);
    expect((await listTicketForResale(fans.b, { ticketId: b3.id, priceAmount: 1700 }, new Date(T0 + DAY + 9 * HOUR))).ok).toBe(true);

    // Three redeem codes of category C, one used.
    const category = (await t.db.select().from(s.ticketTypes).where(and(eq(s.ticketTypes.eventId, trnava.id), eq(s.ticketTypes.code, 'C'))))[0];
    const batch = await createRedeemBatch(cast.manager.id, { eventId: trnava.id, categoryId: category.id, count: 3 }, 'en');
    if (!batch.ok) throw new Error(batch.code);
    expect((await redeemCode(fans.d, batch.codes[0])).ok).toBe(true);

    // At the match: two gates and a scanner that names none; one code shown twice.
    const [season] = await t.db.select().from(s.tickets).where(and(eq(s.tickets.eventId, trnava.id), sql`${s.tickets.seasonTicketId} is not null`)).orderBy(asc(s.tickets.id));
    expect(await scan(a1.id, doors + 2 * MINUTE, 'Brána A')).toMatchObject({ result: 'admitted' });
    expect(await scan(a2.id, doors + 7 * MINUTE, 'Brána A')).toMatchObject({ result: 'admitted' });
    expect(await scan(b1.id, doors + 12 * MINUTE, 'Brána B')).toMatchObject({ result: 'admitted' });
    expect(await scan(b2.id, doors + 13 * MINUTE, 'Brána B')).toMatchObject({ result: 'admitted' });
    expect(await scan(season.id, doors + 14 * MINUTE, 'Brána A')).toMatchObject({ result: 'admitted' });
    expect(await scan(c1.id, doors + 31 * MINUTE)).toMatchObject({ result: 'admitted' });
    expect(await scan(a1.id, doors + 40 * MINUTE, 'Brána B')).toMatchObject({ result: 'already_used' });
    Object.assign(ids, { o1: o1.id, o2: o2.id });
  }, 120_000);

  it('counts tickets per category, season tickets apart, against the capacity', async () => {
    const result = await eventReport(cast.manager.id, trnava.id, new Date(end + HOUR));
    if (!result.ok) throw new Error(result.code);
    const { tickets } = eventReportSchema.parse(result.report);
    expect(tickets.categories.map((c) => [c.code, c.priceAmount, c.capacity, c.sold])).toEqual([
      ['A', 2500, 320, { single: 3, season: 2, total: 5 }],
      ['B', 1800, 320, { single: 5, season: 0, total: 5 }],
      ['C', 1200, 400, { single: 1, season: 0, total: 1 }],
    ]);
    expect(tickets.total).toEqual({ capacity: 1040, sold: { single: 9, season: 2, total: 11 } });
  });

  it('lays sales out over time: the first hour per 5 minutes, the first day per hour, then per day', async () => {
    const result = await eventReport(cast.owner.id, trnava.id, new Date(end + HOUR));
    if (!result.ok) throw new Error(result.code);
    const { sales } = result.report;
    expect(sales.startedAt).toBe(at(T0));
    expect(sales.firstHour).toHaveLength(12);
    expect(sales.firstHour[0]).toEqual({ at: at(T0), tickets: 2, orders: 1 });
    expect(sales.firstHour[1]).toEqual({ at: at(T0 + 5 * MINUTE), tickets: 3, orders: 1 });
    expect(sales.firstHour.slice(2).every((b) => b.tickets === 0 && b.orders === 0)).toBe(true);
    expect(sales.hourly).toHaveLength(24);
    expect(sales.hourly.filter((b) => b.tickets).map((b) => [b.at, b.tickets, b.orders])).toEqual([
      [at(T0), 5, 2],
      [at(T0 + 3 * HOUR), 1, 1],
    ]);
    const dayTwo = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bratislava' }).format(new Date(T0 + DAY + 5 * HOUR));
    // Primary sales only: the resale order of that day is the resale section's.
    expect(sales.daily.map((b) => [b.day, b.tickets, b.orders])).toEqual([[dayTwo, 2, 1]]);
  });

  it('reads the money from the ledger: gross, coupon discounts, fees, net; coupon and redeem code use; resale', async () => {
    const result = await eventReport(cast.owner.id, trnava.id, new Date(end + HOUR));
    if (!result.ok) throw new Error(result.code);
    const { revenue, codes, resale } = result.report;
    expect(revenue).toEqual({
      orders: 5,
      gross: 5000 + 5400 + 2500 + 3600,
      discounts: 540,
      credits: 0,
      serviceFees: 800,
      collected: 5200 + 5160 + 2600 + 3800 + 2575,
      refundedOrders: 0,
      refunds: 0,
      net: 16500 - 540,
      collectedNet: 19335,
    });
    // What the payments say.
    const [paid] = rowsOf<{ sum: number }>(
      await t.db.execute(sql`select sum(p.amount)::int as sum from payments p join orders o on o.current_payment_id = p.id where o.event_id = ${trnava.id} and o.status = 'paid'`),
    );
    expect(Number(paid.sum)).toBe(revenue.collected);
    expect(codes).toEqual({ coupons: [{ code: 'DUNAJ10', uses: 1, discount: 540 }], redeem: { issued: 3, used: 1, deactivated: 0, tickets: 1 } });
    expect(resale).toEqual({ listings: { active: 1, sold: 1, withdrawn: 1 }, sold: 1, volume: 2500, buyerFees: 75, sellerFees: 125, organiserShare: 0 });
  });

  it('counts check-ins per 5 minutes from the doors opening and per gate; no-shows only once the event is over', async () => {
    const after = await eventReport(cast.owner.id, trnava.id, new Date(end + HOUR));
    if (!after.ok) throw new Error(after.code);
    const { attendance } = after.report;
    expect(after.report.event.doorsAt).toBe(at(doors));
    expect(attendance.buckets).toHaveLength(13);
    expect(attendance.buckets[0].at).toBe(at(doors - 30 * MINUTE));
    expect(attendance.buckets.filter((b) => b.single || b.season).map((b) => [b.at, b.single, b.season])).toEqual([
      [at(doors), 1, 0],
      [at(doors + 5 * MINUTE), 1, 0],
      [at(doors + 10 * MINUTE), 2, 1],
      [at(doors + 30 * MINUTE), 1, 0],
    ]);
    expect(attendance.gates).toEqual([
      { gate: 'Brána A', admitted: 3 },
      { gate: 'Brána B', admitted: 2 },
      { gate: null, admitted: 1 },
    ]);
    expect(attendance.sold).toEqual({ single: 9, season: 2, total: 11 });
    expect(attendance.checkedIn).toEqual({ single: 5, season: 1, total: 6 });
    expect(attendance.noShows).toEqual({ single: 4, season: 1, total: 5 });

    const during = await eventReport(cast.owner.id, trnava.id, new Date(doors + HOUR));
    if (!during.ok) throw new Error(during.code);
    expect(during.report.event.over).toBe(false);
    expect(during.report.attendance.noShows).toBeNull();
  });

  it('shows a cancelled event’s sales and their refunds', async () => {
    const o1 = await buy(t.db, fans.a, ZILINA, { seatIds: await seatsOf(zilina.id, 'C', 2) }, { now: new Date(T0 + MINUTE) });
    const o2 = await buy(t.db, fans.b, ZILINA, { seatIds: await seatsOf(zilina.id, 'A', 1) }, { now: new Date(T0 + 11 * MINUTE), code: 'DUNAJ10' });
    expect([o1.totalAmount, o2.totalAmount]).toEqual([2600, 2350]);
    const cancelled = await cancelEvent(cast.owner, zilina.id, { now: new Date(T0 + 2 * HOUR) });
    expect(cancelled.ok).toBe(true);
    const result = await eventReport(cast.owner.id, zilina.id, new Date(T0 + 3 * HOUR));
    if (!result.ok) throw new Error(result.code);
    const { report } = result;
    expect(report.event.status).toBe('cancelled');
    expect(report.revenue).toEqual({ orders: 2, gross: 4900, discounts: 250, credits: 0, serviceFees: 300, collected: 4950, refundedOrders: 2, refunds: 4950, net: 0, collectedNet: 0 });
    expect(report.tickets.total.sold).toEqual({ single: 0, season: 0, total: 0 });
    expect(report.sales.startedAt).toBe(at(T0 + MINUTE));
    expect(report.sales.firstHour.filter((b) => b.tickets).map((b) => [b.at, b.tickets])).toEqual([
      [at(T0), 2],
      [at(T0 + 10 * MINUTE), 1],
    ]);
    expect(report.codes.coupons).toEqual([{ code: 'DUNAJ10', uses: 1, discount: 250 }]);
    expect(report.codes.redeem).toEqual({ issued: 10, used: 0, deactivated: 0, tickets: 0 });
  });

  it('GET …/report: owner and manager read it, a scanner is refused, another organisation and a fan see nothing, signed out is 401', async () => {
    const statuses = await statusesOf(cast, (headers) => reportRoute(request(`/api/v1/organiser/events/${trnava.id}/report`, { headers }), params({ eventId: trnava.id })));
    expect(statuses).toEqual(expectedStatuses('events', 200));
    const response = await reportRoute(request(`/api/v1/organiser/events/${trnava.id}/report`, { headers: { authorization: `Bearer ${cast.manager.token}` } }), params({ eventId: trnava.id }));
    const body = await response.json();
    expect(eventReportSchema.parse(body.report).tickets.total.sold.total).toBe(11);
    const unknown = await reportRoute(request('/api/v1/organiser/events/00000000-0000-4000-8000-000000000000/report', { headers: { authorization: `Bearer ${cast.owner.token}` } }), params({ eventId: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.status).toBe(404);
  });
});

describe('a report shared among its readers', () => {
  it('is computed once per 5 s and event for every reader allowed to see it; a report as of a moment is computed afresh', async () => {
    await eventChanged();
    const first = await eventReport(cast.manager.id, trnava.id);
    if (!first.ok) throw new Error(first.code);
    const sold = first.report.tickets.total.sold.total;
    const [ticket] = await t.db.select({ id: s.tickets.id, status: s.tickets.status }).from(s.tickets).where(and(eq(s.tickets.eventId, trnava.id), eq(s.tickets.status, 'valid'))).limit(1);
    await t.db.update(s.tickets).set({ status: 'void' }).where(eq(s.tickets.id, ticket.id));
    try {
      // Within the share: the same figures (and the same moment) for the owner as for the manager.
      const shared = await eventReport(cast.owner.id, trnava.id);
      expect(shared.ok && [shared.report.tickets.total.sold.total, shared.report.generatedAt]).toEqual([sold, first.report.generatedAt]);
      // Access is still asked on every call: the shared figures go to nobody else.
      expect(await eventReport(cast.stranger.id, trnava.id)).toEqual({ ok: false, code: 'ORG_NOT_FOUND' });
      expect(await eventReport(cast.scanner.id, trnava.id)).toEqual({ ok: false, code: 'ROLE_FORBIDDEN' });
      // As of now: computed afresh, the voided ticket is gone.
      const fresh = await eventReport(cast.owner.id, trnava.id, new Date());
      expect(fresh.ok && fresh.report.tickets.total.sold.total).toBe(sold - 1);
      await eventChanged();
      const next = await eventReport(cast.owner.id, trnava.id);
      expect(next.ok && next.report.tickets.total.sold.total).toBe(sold - 1);
    } finally {
      await t.db.update(s.tickets).set({ status: ticket.status }).where(eq(s.tickets.id, ticket.id));
      await eventChanged();
    }
  });
});

describe('organisation overview', () => {
  const day = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bratislava' }).format(new Date(ms));

  it('lists the events starting in the period with sold/capacity, net and attendance, and totals per currency', async () => {
    const only = await organisationOverview(cast.manager.id, { organisation: orgId, from: day(trnava.startsAt.getTime()), to: day(trnava.startsAt.getTime()) });
    if (!only.ok) throw new Error(only.code);
    const overview = overviewSchema.parse(only.overview);
    expect(overview.events.map((e) => [e.slug, e.sold, e.capacity, e.checkedIn, e.net])).toEqual([[TRNAVA, 11, 1040, 6, 15960]]);
    expect(overview.totals).toEqual([{ currency: 'EUR', events: 1, capacity: 1040, sold: 11, checkedIn: 6, net: 15960 }]);

    const wider = await organisationOverview(cast.owner.id, { organisation: orgId, from: day(zilina.startsAt.getTime()), to: day(trnava.startsAt.getTime()) });
    if (!wider.ok) throw new Error(wider.code);
    const slugs = wider.overview.events.map((e) => e.slug);
    expect(slugs[0]).toBe(ZILINA);
    expect(slugs[slugs.length - 1]).toBe(TRNAVA);
    expect(slugs).not.toContain(PAST);
    expect(wider.overview.events.every((e) => e.startsAt >= zilina.startsAt.toISOString() && e.startsAt <= trnava.startsAt.toISOString())).toBe(true);
    expect(wider.overview.totals[0].net).toBe(wider.overview.events.reduce((sum, e) => sum + e.net, 0));
  });

  it('defaults to the last 90 days and every coming event, and an end before the start is refused', async () => {
    const all = await organisationOverview(cast.owner.id, { organisation: orgId });
    if (!all.ok) throw new Error(all.code);
    const slugs = all.overview.events.map((e) => e.slug);
    expect(slugs).toEqual(expect.arrayContaining([PAST, ZILINA, TRNAVA, 'dunaj-bratislava-as-trencin']));
    expect(all.overview.to).toBeNull();
    expect(all.overview.events.find((e) => e.slug === PAST)?.over).toBe(true);

    const url = (q: string) => `/api/v1/organiser/reports/overview?organisation=${orgId}${q}`;
    const ok = await overviewRoute(request(url(''), { headers: { authorization: `Bearer ${cast.owner.token}` } }), params({}));
    expect(ok.status).toBe(200);
    const backwards = await overviewRoute(request(url('&from=2026-05-02&to=2026-05-01'), { headers: { authorization: `Bearer ${cast.owner.token}`, 'accept-language': 'en' } }), params({}));
    expect(backwards.status).toBe(422);
    expect((await backwards.json()).errors).toEqual([{ field: 'to', message: 'The end of the period must not be before its start.' }]);
    const statuses = await statusesOf(cast, (headers) => overviewRoute(request(url(''), { headers }), params({})));
    expect(statuses).toEqual(expectedStatuses('events', 200));
  });
});

describe('the demo history of the past match', () => {
  it('sold hundreds of seats over days, with a coupon, resales, check-ins at two gates and no-shows; seeding again adds nothing', async () => {
    const event = await eventBySlug(t.db, PAST);
    const owner = (await t.db.select().from(s.users).where(eq(s.users.email, 'klub@fkdunaj.sk')))[0];
    const result = await eventReport(owner.id, event.id);
    if (!result.ok) throw new Error(result.code);
    const { report } = result;
    expect(report.event.over).toBe(true);
    expect(report.tickets.total.sold.total).toBeGreaterThan(200);
    expect(report.sales.daily.length).toBeGreaterThanOrEqual(5);
    expect(report.sales.firstHour.reduce((sum, b) => sum + b.tickets, 0)).toBeGreaterThan(50);
    expect(report.codes.coupons[0]).toMatchObject({ code: 'DUNAJ10' });
    // Six resales of the history, and the two the payouts seed adds (lib/server/db/seed/payouts.ts: sellers whose payouts are due).
    expect(report.resale.sold).toBe(8);
    expect(report.resale.listings.withdrawn).toBe(2);
    expect(report.attendance.gates.map((g) => g.gate)).toEqual(['Brána A', 'Brána B']);
    expect(report.attendance.noShows!.total).toBeGreaterThan(0);
    expect(report.attendance.checkedIn.total + report.attendance.noShows!.total).toBe(report.attendance.sold.total);
    // The ledger's identities hold for every seeded order.
    const broken = rowsOf<{ id: string }>(
      await t.db.execute(sql`
        select o.id from orders o join payments p on p.id = o.current_payment_id
        where o.event_id = ${event.id} and (o.total_amount <> o.subtotal_amount - o.discount_amount + o.fee_amount or p.amount <> o.total_amount or p.status <> 'succeeded'
          or o.subtotal_amount <> (select sum(price_amount) from order_items where order_id = o.id)
          or o.fee_amount <> (select sum(fee_amount) from order_items where order_id = o.id))`),
    );
    expect(broken).toEqual([]);
    const unsold = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from tickets t join inventory_units u on u.id = t.unit_id where t.event_id = ${event.id} and u.status <> 'sold'`));
    expect(Number(unsold[0].n)).toBe(0);
    const [ledger] = await eventLedgers({ eventIds: [event.id] });
    expect(ledger.sales.collected).toBe(report.revenue.collected);

    // The fan's own ticket of that match is as it was: checked in, from the fan's own order (seed/tickets.ts).
    const [fan] = await t.db.select().from(s.users).where(eq(s.users.email, 'fan@tribuna.sk'));
    const mine = await t.db.select().from(s.tickets).where(and(eq(s.tickets.eventId, event.id), eq(s.tickets.ownerId, fan.id)));
    expect(mine.map((x) => x.status)).toEqual(['checked_in']);
    const [own] = await t.db.select().from(s.orders).where(eq(s.orders.id, mine[0].orderId!));
    expect(own).toMatchObject({ userId: fan.id, status: 'paid' });

    const orders = await t.db.$count(s.orders, eq(s.orders.eventId, event.id));
    await runSeed(t.db);
    expect(await t.db.$count(s.orders, eq(s.orders.eventId, event.id))).toBe(orders);
  });
});
