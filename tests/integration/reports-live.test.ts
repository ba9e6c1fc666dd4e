// The live on-sale view and the event's CSV exports: what is in carts, sold in the last minute and sold
// out, shared for 2 s; the four exports read back with csv-parse (BOM, translated headers, diacritics,
// seats, check-in times, amounts); an export of 50,000 tickets streamed in batches with bounded memory.
import { eventChanged } from '@/lib/server/events/changed';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { localTimeText } from '@/lib/server/reports/export-file';
import { and, eq, sql } from 'drizzle-orm';
import { GET as liveGet } from '@/tests/helpers/api';
import { GET as exportGet } from '@/tests/helpers/api';
import { liveViewSchema } from '@/lib/schemas/reports-live';
import { addToCart } from '@/lib/server/cart';
import { getDb } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { listTicketForResale } from '@/lib/server/resale/listing';
import { majorUnits } from '@/lib/money';
import { EXPORT_BATCH } from '@/lib/server/reports/exports';
import { LIVE_SHARED_MS, liveView, readLiveFigures } from '@/lib/server/reports/live';
import en from '@/messages/en.json';
import sk from '@/messages/sk.json';
import { answerOf } from '../helpers/contract';
import { useTestDatabase } from '../helpers/db';
import { expectedStatuses, makeCast, orgIdOfSlug, statusesOf, type Cast } from '../helpers/organiser';
import { buy } from '../helpers/purchases';
import { freeSeatsOf } from '../helpers/seats';
import { auth, eventBySlug, giveTicket, makeUser, params, request } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
let cast: Cast;

const STADIUM = 'dunaj-bratislava-fc-kosice';
const ZILINA = 'dunaj-bratislava-msk-zilina';
const TRNAVA = 'dunaj-bratislava-spartak-trnava';
const STREDA = 'dunaj-bratislava-dac-dunajska-streda';

beforeAll(async () => {
  cast = await makeCast(t.db, await orgIdOfSlug(t.db, 'fk-dunaj-bratislava'));
}, 180_000);

// Each test reads figures afresh: the caches are told, as after a change by hand (scripts/event-changed.ts).
beforeEach(() => eventChanged());

const live = (eventId: string, headers: Record<string, string> = auth(cast.manager)) => liveGet(request(`/api/v1/organiser/events/${eventId}/live`, { headers }), params({ eventId }));
const exportOf = (eventId: string, file: string, headers: Record<string, string> = auth(cast.manager), query = '') =>
  exportGet(request(`/api/v1/organiser/events/${eventId}/exports/${file}${query}`, { headers }), params({ eventId, file }));

async function categoriesOf(slug: string) {
  const event = await eventBySlug(t.db, slug);
  const types = await t.db.select().from(s.ticketTypes).where(eq(s.ticketTypes.eventId, event.id));
  return { event, byCode: Object.fromEntries(types.map((x) => [x.code, x])) };
}

/** The text of a drizzle sql`` query (its literal parts). */
function sqlText(query: unknown): string {
  const chunks = (query as { queryChunks?: unknown[] }).queryChunks ?? [];
  return chunks.map((chunk) => (chunk && typeof chunk === 'object' && 'value' in chunk && Array.isArray(chunk.value) ? chunk.value.join('') : '')).join('');
}

/** A CSV read back as the locale's Excel reads it: semicolons in Slovak and Czech, commas in English. */
async function csvOf(response: Response, delimiter = ',') {
  const bytes = Buffer.from(await response.arrayBuffer());
  return { bytes, records: parseSync(bytes, { bom: true, delimiter }) as string[][] };
}

describe('live on-sale view', () => {
  it('answers owners and managers; scanners 403, fans and other organisations 404, anonymous 401', async () => {
    const { event } = await categoriesOf(STADIUM);
    expect(await statusesOf(cast, (headers) => live(event.id, headers))).toEqual(expectedStatuses('events', 200));
    expect((await live('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await live('not-an-id')).status).toBe(422);
  });

  it('counts tickets in carts, sold in the last minute and sold per category', async () => {
    const { event, byCode } = await categoriesOf(STADIUM);
    const before = await answerOf(liveViewSchema, await live(event.id));
    expect(before.inCarts).toEqual({ total: 0, tickets: 0, resale: 0 });
    expect(before.soldLastMinute).toEqual({ orders: 0, tickets: 0 });
    expect(before.categories.map((c) => c.code)).toEqual(['A', 'B', 'C']);
    expect(before.capacity).toBe(before.categories.reduce((n, c) => n + c.capacity, 0));
    expect(before.categories.every((c) => !c.soldOut && c.capacity > 0)).toBe(true);

    // Two seats in a fan's cart, three seats bought by another.
    const carting = await makeUser(t.db, 'carting');
    const cartSeats = await freeSeatsOf(t.db, STADIUM, 2, 300);
    const held = await addToCart({ user: carting, eventRef: STADIUM, selection: { seatIds: cartSeats }, locale: 'en' });
    expect(held.ok).toBe(true);
    const buyer = await makeUser(t.db, 'buyer');
    const order = await buy(t.db, buyer, STADIUM, { seatIds: await freeSeatsOf(t.db, STADIUM, 3, 400) });

    await eventChanged();
    const after = await answerOf(liveViewSchema, await live(event.id));
    expect(after.inCarts).toEqual({ total: 2, tickets: 2, resale: 0 });
    expect(after.soldLastMinute).toEqual({ orders: 1, tickets: 3 });
    expect(after.sold - before.sold).toBe(3);
    const soldNow = await t.db.select({ n: sql<number>`count(*)::int` }).from(s.inventoryUnits).where(and(eq(s.inventoryUnits.ticketTypeId, byCode.A.id), eq(s.inventoryUnits.status, 'sold')));
    expect(after.categories.find((c) => c.code === 'A')!.sold).toBe(Number(soldNow[0].n));

    // A minute after the payment it is no longer "the last minute"; after the cart's time the seats are not in it.
    const later = await readLiveFigures(event.id, new Date(order.paidAt!.getTime() + 61_000));
    expect(later!.soldLastMinute).toEqual({ orders: 0, tickets: 0 });
    const afterHold = await readLiveFigures(event.id, new Date(Date.now() + 60 * 60_000));
    expect(afterHold!.inCarts.tickets).toBe(0);
  });

  it('counts resale offers held in a live cart', async () => {
    const { event } = await categoriesOf(ZILINA);
    const seller = await makeUser(t.db, 'seller');
    const { ticket } = await giveTicket(t.db, seller.id, ZILINA, 'B');
    const listing = await listTicketForResale(seller, { ticketId: ticket.id, priceAmount: 1500 });
    if (!listing.ok) throw new Error(listing.code);
    const fan = await makeUser(t.db, 'resale-cart');
    const held = await addToCart({ user: fan, eventRef: ZILINA, selection: { listingId: listing.listing.id }, locale: 'en' });
    expect(held.ok).toBe(true);
    const figures = await readLiveFigures(event.id);
    expect(figures!.inCarts).toEqual({ total: 1, tickets: 0, resale: 1 });
  });

  it('says a category is sold out only when no unit is free: none available and no hold that ran out', async () => {
    const { event, byCode } = await categoriesOf(TRNAVA);
    const units = s.inventoryUnits;
    const inC = eq(units.ticketTypeId, byCode.C.id);
    await t.db.update(units).set({ status: 'sold' }).where(inC);
    const [one] = await t.db.select({ id: units.id }).from(units).where(inC).limit(1);
    // One unit held by a hold that ran out: free, so C is not sold out.
    await t.db.update(units).set({ status: 'held', heldUntil: new Date(Date.now() - 60_000) }).where(eq(units.id, one.id));
    let figures = await readLiveFigures(event.id);
    expect(figures!.categories.find((c) => c.code === 'C')!.soldOut).toBe(false);
    // The hold is live: nothing of C is free.
    await t.db.update(units).set({ heldUntil: new Date(Date.now() + 600_000) }).where(eq(units.id, one.id));
    figures = await readLiveFigures(event.id);
    expect(figures!.categories.find((c) => c.code === 'C')).toMatchObject({ soldOut: true });
    expect(figures!.categories.find((c) => c.code === 'A')!.soldOut).toBe(false);
    const view = await answerOf(liveViewSchema, await live(event.id));
    expect(view.soldOut).toEqual([byCode.C.id]);
    expect(view.categories.find((c) => c.code === 'C')!.name).toBe('Category C – behind the goal');
  });

  it('shares one read of an event for 2 s among every caller, then reads again', async () => {
    const { event } = await categoriesOf(STREDA);
    const db = getDb();
    const execute = jest.spyOn(db, 'execute');
    const clock = jest.spyOn(Date, 'now');
    try {
      const start = Date.UTC(2030, 0, 1, 12, 0, 0);
      clock.mockReturnValue(start);
      const views = await Promise.all(Array.from({ length: 10 }, () => liveView(cast.manager.id, event.id, 'en')));
      const reads = execute.mock.calls.filter(([query]) => sqlText(query).includes('held_listings')).length;
      expect(reads).toBe(1);
      expect(new Set(views.map((v) => (v.ok ? v.live.checkedAt : null))).size).toBe(1);
      // Another language of the same read: names translated per caller.
      const slovak = await liveView(cast.owner.id, event.id, 'sk');
      expect(slovak.ok && slovak.live.categories[0].name).toMatch(/Kategória/);
      clock.mockReturnValue(start + LIVE_SHARED_MS + 1);
      await liveView(cast.manager.id, event.id, 'en');
      expect(execute.mock.calls.filter(([query]) => sqlText(query).includes('held_listings')).length).toBe(2);
      // Access is still checked per call: the stranger gets nothing of the shared read.
      expect(await liveView(cast.stranger.id, event.id, 'en')).toEqual({ ok: false, code: 'ORG_NOT_FOUND' });
    } finally {
      clock.mockRestore();
      execute.mockRestore();
    }
  });
});

describe('CSV exports', () => {
  it('role matrix of every export; another organisation’s event is 404, an unknown file 422', async () => {
    const { event } = await categoriesOf(STADIUM);
    for (const file of ['orders.csv', 'attendees.csv', 'check-ins.csv', 'resale.csv']) {
      expect(await statusesOf(cast, (headers) => exportOf(event.id, file, headers))).toEqual(expectedStatuses('events', 200));
    }
    expect((await exportOf(event.id, 'tickets.csv')).status).toBe(422);
    expect((await exportOf(event.id, 'attendees')).status).toBe(422);
    expect((await exportOf(event.id, 'attendees.csv', auth(cast.manager), '?locale=de')).status).toBe(422);
  });

  it('attendees: BOM, headers in the asked language, names with diacritics, seats, standing, check-in time, season tickets', async () => {
    const slug = 'dunaj-bratislava-as-trencin';
    const { event, byCode } = await categoriesOf(slug);
    const zofia = await makeUser(t.db, 'zofia');
    await t.db.update(s.users).set({ firstName: 'Žofia', lastName: 'Ďurišová, "Žofka"' }).where(eq(s.users.id, zofia.id));
    const seats = await freeSeatsOf(t.db, slug, 2);
    await buy(t.db, zofia, slug, { seatIds: seats });
    const tickets = await t.db.select().from(s.tickets).where(eq(s.tickets.ownerId, zofia.id));
    const checkedInAt = new Date('2030-05-01T17:31:02.123Z');
    await t.db.update(s.tickets).set({ status: 'checked_in', checkedInAt }).where(eq(s.tickets.id, tickets[0].id));
    // A standing place (a unit with no seat) of the same event.
    const [place] = await t.db.insert(s.inventoryUnits).values({ eventId: event.id, ticketTypeId: byCode.C.id, status: 'sold' }).returning();
    const standingFan = await makeUser(t.db, 'standing');
    const [standing] = await t.db
      .insert(s.tickets)
      .values({ eventId: event.id, unitId: place.id, ticketTypeId: byCode.C.id, ownerId: standingFan.id, priceAmount: 1200, secret: 'x' })
      .returning();

    const [{ all }] = await t.db.select({ all: sql<number>`count(*)::int` }).from(s.tickets).where(eq(s.tickets.eventId, event.id));
    const response = await exportOf(event.id, 'attendees.csv', auth(cast.manager), '?locale=sk');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${slug}-attendees-${today}.csv"`);
    const { bytes, records } = await csvOf(response, ';');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const c = sk.organiser.exports.columns;
    expect(records[0]).toEqual([c.ticketId, c.firstName, c.lastName, c.email, c.category, c.section, c.row, c.seat, c.status, c.checkedInAt, c.seasonTicket]);
    expect(records).toHaveLength(1 + Number(all));
    const byId = new Map(records.slice(1).map((r) => [r[0], r]));
    const [seat] = await t.db
      .select({ seat: s.venueSeats.label, row: s.venueRows.label, section: s.venueSections.name })
      .from(s.inventoryUnits)
      .innerJoin(s.venueSeats, eq(s.venueSeats.id, s.inventoryUnits.seatId))
      .innerJoin(s.venueRows, eq(s.venueRows.id, s.venueSeats.rowId))
      .innerJoin(s.venueSections, eq(s.venueSections.id, s.venueSeats.sectionId))
      .where(eq(s.inventoryUnits.id, tickets[0].unitId));
    expect(byId.get(tickets[0].id)).toEqual([
      tickets[0].id,
      'Žofia',
      'Ďurišová, "Žofka"',
      zofia.email,
      (await t.db.select().from(s.ticketTypes).where(eq(s.ticketTypes.id, tickets[0].ticketTypeId)))[0].name.sk,
      seat.section.sk,
      seat.row,
      seat.seat,
      sk.organiser.exports.ticketStatus.checked_in,
      // Local time (Europe/Bratislava, summer: UTC+2), as the office reads its clock.
      '2030-05-01 19:31:02',
      'nie',
    ]);
    expect(byId.get(tickets[1].id)![9]).toBe('');
    expect(byId.get(standing.id)!.slice(4, 9)).toEqual([byCode.C.name.sk, 'Státie', '', '', 'Platná']);

    // The browser's language when no ?locale= is given.
    const english = await csvOf(await exportOf(event.id, 'attendees.csv'));
    expect(english.records[0][0]).toBe(en.organiser.exports.columns.ticketId);
    expect(english.records.find((r) => r[0] === standing.id)!.slice(5, 9)).toEqual(['Standing', '', '', 'Valid']);
  });

  it('orders, check-ins and resale sales: amounts in major units (a dot in English, a comma in Slovak), currency, local times', async () => {
    const slug = ZILINA;
    const { event, byCode } = await categoriesOf(slug);
    const buyer = await makeUser(t.db, 'orders');
    await t.db.update(s.users).set({ firstName: 'Ján', lastName: 'Kováč' }).where(eq(s.users.id, buyer.id));
    const order = await buy(t.db, buyer, slug, { seatIds: await freeSeatsOf(t.db, slug, 2, 50) });
    const orders = await csvOf(await exportOf(event.id, 'orders.csv'));
    const c = en.organiser.exports.columns;
    expect(orders.records[0]).toEqual([c.orderId, c.paidAt, c.buyerName, c.email, c.tickets, c.subtotal, c.discount, c.fees, c.total, c.currency, c.status, c.couponCode]);
    const row = orders.records.find((r) => r[0] === order.id)!;
    expect(row).toEqual([
      order.id,
      localTimeText(order.paidAt!),
      'Ján Kováč',
      buyer.email,
      '2',
      majorUnits(order.subtotalAmount),
      majorUnits(order.discountAmount),
      majorUnits(order.feeAmount),
      majorUnits(order.totalAmount),
      'EUR',
      'Paid',
      '',
    ]);
    expect(row[8]).toMatch(/^\d+\.\d{2}$/);

    // Two scans at two gates.
    const [ticket] = await t.db.select().from(s.tickets).where(eq(s.tickets.orderId, order.id));
    await t.db.insert(s.scanLog).values([
      { eventId: event.id, ticketId: ticket.id, scannerId: cast.scanner.id, result: 'admitted', gate: 'North', scannedAt: new Date('2030-05-01T16:00:00Z') },
      { eventId: event.id, ticketId: ticket.id, scannerId: cast.scanner.id, result: 'already_used', gate: 'South', scannedAt: new Date('2030-05-01T16:05:00Z') },
    ]);
    const scans = await csvOf(await exportOf(event.id, 'check-ins.csv'));
    expect(scans.records.slice(1)).toEqual([
      ['2030-05-01 18:00:00', 'North', 'Admitted', ticket.id, byCode[(await t.db.select().from(s.ticketTypes).where(eq(s.ticketTypes.id, ticket.ticketTypeId)))[0].code].name.en, cast.scanner.email],
      ['2030-05-01 18:05:00', 'South', 'Already used', ticket.id, expect.any(String), cast.scanner.email],
    ]);

    // A resale sale: listed, bought through the cart and checkout.
    const seller = await makeUser(t.db, 'resale-seller');
    const { ticket: sold } = await giveTicket(t.db, seller.id, slug, 'A');
    const listing = await listTicketForResale(seller, { ticketId: sold.id, priceAmount: 2250 });
    if (!listing.ok) throw new Error(listing.code);
    await buy(t.db, await makeUser(t.db, 'resale-buyer'), slug, { listingId: listing.listing.id });
    const [payout] = await t.db.select().from(s.payouts).where(eq(s.payouts.listingId, listing.listing.id));
    const [item] = await t.db.select().from(s.orderItems).where(eq(s.orderItems.listingId, listing.listing.id));
    const resale = await csvOf(await exportOf(event.id, 'resale.csv', auth(cast.owner), '?locale=sk'), ';');
    const r = sk.organiser.exports.columns;
    expect(resale.records[0]).toEqual([r.soldAt, r.ticketId, r.category, r.price, r.buyerFee, r.sellerFee, r.currency]);
    expect(resale.records.slice(1)).toEqual([
      [expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/), sold.id, byCode.A.name.sk, '22,50', majorUnits(item.feeAmount).replace('.', ','), majorUnits(payout.feeAmount).replace('.', ','), 'EUR'],
    ]);
    expect(Number(item.feeAmount)).toBeGreaterThan(0);
  });
});

describe('keyset batches', () => {
  it('pages through rows that share one time: none repeated, none lost (the time cursor keeps its microseconds, the id breaks ties)', async () => {
    const { event } = await categoriesOf('dunaj-bratislava-zemplin-michalovce');
    const count = EXPORT_BATCH * 2 + 500;
    await t.db.execute(sql`
      insert into scan_log (event_id, result, gate, scanned_at)
      select ${event.id}, 'invalid', 'East', case when g % 2 = 0 then '2030-05-01T16:00:00.123456Z'::timestamptz else '2030-05-01T16:00:00.123457Z'::timestamptz end
      from generate_series(1, ${count}) g`);
    const { records } = await csvOf(await exportOf(event.id, 'check-ins.csv'));
    const east = records.filter((r) => r[1] === 'East');
    expect(east).toHaveLength(count);
    expect(new Set(east.map((r) => r[0]))).toEqual(new Set(['2030-05-01 18:00:00']));
  });
});

describe('a large export', () => {
  // The heap measured after a full collection: what the stream keeps, not the garbage it leaves.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;

  it('streams 50,000 tickets in batches: it starts before the queries are done, reads back every row, and memory stays bounded', async () => {
    const slug = 'dunaj-bratislava-slovan-liberec';
    const { event, byCode } = await categoriesOf(slug);
    const owner = await makeUser(t.db, 'bulk');
    await t.db.update(s.users).set({ firstName: 'Žofia', lastName: 'Ďurišová' }).where(eq(s.users.id, owner.id));
    const COUNT = 50_000;
    await t.db.execute(sql`
      with units as (
        insert into inventory_units (event_id, ticket_type_id, status)
        select ${event.id}, ${byCode.C.id}, 'sold' from generate_series(1, ${COUNT})
        returning id)
      insert into tickets (event_id, unit_id, ticket_type_id, owner_id, price_amount, secret)
      select ${event.id}, units.id, ${byCode.C.id}, ${owner.id}, 1200, md5(units.id::text) from units`);
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(s.tickets).where(eq(s.tickets.eventId, event.id));
    expect(Number(n)).toBeGreaterThanOrEqual(COUNT);

    const execute = jest.spyOn(getDb(), 'execute');
    try {
      gc();
      const baseline = process.memoryUsage().heapUsed;
      let peak = 0;
      const response = await exportOf(event.id, 'attendees.csv');
      expect(response.status).toBe(200);
      // Batches only from here on (access and the event's slug were read before the answer).
      const before = execute.mock.calls.length;
      const reader = response.body!.getReader();
      const first = await reader.read();
      const queriesAtFirstChunk = execute.mock.calls.length - before;
      expect(first.done).toBe(false);
      expect(Buffer.from(first.value!).toString('utf8')).toMatch(/^\uFEFFTicket ID,/);

      let rows = 0;
      let bulk = 0;
      let chunks = 1;
      const parser = parse({ bom: true, columns: true });
      const counting = pipeline(
        parser,
        new Writable({
          objectMode: true,
          write(record: Record<string, string>, _encoding, done) {
            rows++;
            if (record['First name'] === 'Žofia' && record['Last name'] === 'Ďurišová' && record['Section'] === 'Standing') bulk++;
            done();
          },
        }),
      );
      parser.write(Buffer.from(first.value!));
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks++;
        if (!parser.write(Buffer.from(value))) await new Promise((resolve) => parser.once('drain', resolve));
        if (chunks % 10 === 0) {
          gc();
          peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
        }
      }
      parser.end();
      await counting;
      const queries = execute.mock.calls.length - before;

      expect(rows).toBe(Number(n));
      expect(bulk).toBe(COUNT);
      expect(chunks).toBeGreaterThan(COUNT / EXPORT_BATCH);
      // The header was out before the first batch's query had answered (at most that one was under way),
      // and every batch after it was read on demand.
      expect(queriesAtFirstChunk).toBeLessThanOrEqual(1);
      expect(queries).toBeGreaterThanOrEqual(Math.ceil(Number(n) / EXPORT_BATCH));
      expect(peak).toBeLessThan(60 * 1024 * 1024);
    } finally {
      execute.mockRestore();
    }
  }, 300_000);
});
