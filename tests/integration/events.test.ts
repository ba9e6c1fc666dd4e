import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { availabilityChanged, findPublicEvent, getAvailability, getEventDetail, listEvents, listSitemapEvents } from '@/lib/server/events';
import { addToCart, removeFromCart } from '@/lib/server/cart';
import { listenForEventChanges } from '@/lib/server/events/changed';
import { GET as listRoute } from '@/tests/helpers/api';
import { GET as detailRoute } from '@/tests/helpers/api';
import { GET as availabilityRoute } from '@/tests/helpers/api';
import { GET as openapiRoute } from '@/tests/helpers/api';
import { isPostgresRun, useTestDatabase } from '../helpers/db';
import { availabilitySchema, eventDetailSchema, eventListSchema } from '@/lib/schemas/events';
import { answerOf, failureBodyOf } from '../helpers/contract';

const t = useTestDatabase({ seeded: true });

const STADIUM = 'dunaj-bratislava-fc-kosice';
const PAST = 'dunaj-bratislava-slovan-liberec';
const DRAFT = 'vltava-praha-sparta-praha';


async function slugsFor(q: string, extra: Parameters<typeof listEvents>[0] = {}) {
  const list = await listEvents({ q, pageSize: 50, ...extra });
  return list.items.map((e) => e.id);
}

async function eventRow(slug: string) {
  const [row] = await t.db.select().from(s.events).where(eq(s.events.slug, slug));
  return row;
}

/** The event's first `count` seated units that are plainly available (the whole rows). */
function availableSeatUnits(eventId: string, count: number) {
  return t.db
    .select()
    .from(s.inventoryUnits)
    .where(and(eq(s.inventoryUnits.eventId, eventId), isNotNull(s.inventoryUnits.seatId), eq(s.inventoryUnits.status, 'available')))
    .limit(count);
}

/**
 * The test's own writes stand for the app's writes in this process, which tell the availability reads
 * they share (on the embedded PGlite, the only writer shares a read for up to a second).
 */
async function written<T>(eventId: string, write: PromiseLike<T>): Promise<T> {
  const result = await write;
  availabilityChanged(eventId);
  return result;
}

async function someUser() {
  const [user] = await t.db.select({ id: s.users.id }).from(s.users).limit(1);
  return user.id;
}

describe('events list', () => {
  it('lists published upcoming events soonest first, never past or draft ones', async () => {
    const list = await listEvents({ pageSize: 50 });
    const ids = list.items.map((e) => e.id);
    expect(list.total).toBe(21);
    expect(ids).not.toContain(PAST);
    expect(ids).not.toContain(DRAFT);
    const starts = list.items.map((e) => Date.parse(e.startsAt));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts.every((d) => d > Date.now())).toBe(true);
    // the past and draft events are not found by name either
    expect(await slugsFor('liberec')).toEqual([]);
    expect(await slugsFor('sparta praha')).toEqual([]);
    const sitemap = (await listSitemapEvents()).map((e) => e.id);
    expect(sitemap.sort()).toEqual([...ids].sort());
  });

  it('pages through the list', async () => {
    const first = await listEvents({ pageSize: 5, page: 1 });
    const second = await listEvents({ pageSize: 5, page: 2 });
    const last = await listEvents({ pageSize: 5, page: 5 });
    expect(first.pageCount).toBe(5);
    expect(first.items).toHaveLength(5);
    expect(second.items[0].id).not.toBe(first.items[0].id);
    expect(last.items).toHaveLength(1);
    expect((await listEvents({ pageSize: 5, page: 9 })).items).toEqual([]);
  });

  it('filters by category and by date (days in Europe/Bratislava)', async () => {
    const festivals = await listEvents({ category: 'festival', pageSize: 50 });
    expect(festivals.items.map((e) => e.id).sort()).toEqual(['luka-fest-2027', 'luka-fest-2027-nedela', 'luka-fest-2027-piatok', 'luka-fest-2027-sobota', 'luka-fest-warm-up']);
    const stadium = await eventRow(STADIUM);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bratislava' }).format(stadium.startsAt);
    const onThatDay = await listEvents({ from: day, to: day, pageSize: 50 });
    expect(onThatDay.items.map((e) => e.id)).toEqual([STADIUM]);
    const concertsFromThatDay = await listEvents({ from: day, category: 'concert', pageSize: 50 });
    expect(concertsFromThatDay.items.every((e) => e.category === 'concert' && Date.parse(e.startsAt) >= stadium.startsAt.getTime())).toBe(true);
  });
});

describe('search', () => {
  it.each([
    ['kosice', STADIUM],
    ['Košice', STADIUM],
    ['KOŠICE', STADIUM],
    ['zilina', 'dunaj-bratislava-msk-zilina'],
    ['MŠK Žilina', 'dunaj-bratislava-msk-zilina'],
    ['slavia praha', 'vltava-praha-slavia-praha'],
    ['Slávia Praha', 'vltava-praha-slavia-praha'],
    ['plzen', 'vltava-praha-skoda-plzen'],
    ['Škoda Plzeň', 'vltava-praha-skoda-plzen'],
    ['trinec', 'vltava-praha-ocelari-trinec'],
    ['polarna ziara', 'polarna-ziara-kosice'],
    ['Piešťany', 'luka-fest-2027'],
  ])('“%s” finds %s', async (q, slug) => {
    expect(await slugsFor(q)).toContain(slug);
  });

  it('matches titles in every language: Slovak, Czech and English words', async () => {
    // sk 'Zimné turné', cs 'Zimní turné', en 'Winter Tour' are titles of the same concert
    expect(await slugsFor('zimne turne')).toEqual(['polarna-ziara-kosice']);
    expect(await slugsFor('zimni turne')).toEqual(['polarna-ziara-kosice']);
    expect(await slugsFor('winter tour')).toEqual(['polarna-ziara-kosice']);
    // 'friendly' (en) / 'prípravný' (sk) only name the past match: not listed in any language
    expect(await slugsFor('pripravny')).toEqual([]);
    expect(await slugsFor('Prague')).toEqual(expect.arrayContaining(['kovove-nebe-praha', 'luka-fest-warm-up']));
  });

  it('finds performers, venues and cities, every word must match', async () => {
    expect(await slugsFor('sever noci')).toEqual(expect.arrayContaining(['sever-noci-akusticky', 'polarna-ziara-kosice', 'luka-fest-2027', 'luka-fest-warm-up']));
    expect(await slugsFor('hangar')).toEqual(expect.arrayContaining(['polarna-ziara-kosice', 'sever-noci-akusticky']));
    expect(await slugsFor('kosice hangar')).not.toContain(STADIUM);
    expect(await slugsFor('kosice nonexistentword')).toEqual([]);
  });

  it('ranks the better match first', async () => {
    // 'sever noci' is the title of the acoustic concert and only a support act or line-up name elsewhere;
    // 'noci' whole word at a word start beats the same letters inside a word
    const found = await slugsFor('sever noci akusticky');
    expect(found[0]).toBe('sever-noci-akusticky');
    const slavia = await slugsFor('slavia praha');
    expect(slavia[0]).toBe('vltava-praha-slavia-praha');
  });
});

describe('lowest price', () => {
  it('is the cheapest primary category that still has a free unit, in the event currency', async () => {
    const list = await listEvents({ pageSize: 50 });
    const stadium = list.items.find((e) => e.id === STADIUM)!;
    expect(stadium.lowestPrice).toEqual({ amount: 1200, currency: 'EUR' });
    const hockey = list.items.find((e) => e.id === 'vltava-praha-slavia-praha')!;
    expect(hockey.lowestPrice).toEqual({ amount: 29000, currency: 'CZK' });
  });

  it('skips a sold-out category, counts expired holds as free, and includes resale offers not in a live cart', async () => {
    const event = await eventRow(STADIUM);
    const [catC] = await t.db.select().from(s.ticketTypes).where(and(eq(s.ticketTypes.eventId, event.id), eq(s.ticketTypes.code, 'C')));
    const lowest = async () => (await listEvents({ q: 'fc kosice', pageSize: 50 })).items.find((e) => e.id === STADIUM)!.lowestPrice;

    // Category C sold out → B (18.00) is the lowest
    await t.db.update(s.inventoryUnits).set({ status: 'sold' }).where(eq(s.inventoryUnits.ticketTypeId, catC.id));
    expect(await lowest()).toEqual({ amount: 1800, currency: 'EUR' });

    // One C seat held by a hold that expired a minute ago → C is buyable again
    const [unit] = await t.db.select().from(s.inventoryUnits).where(eq(s.inventoryUnits.ticketTypeId, catC.id)).limit(1);
    await t.db
      .update(s.inventoryUnits)
      .set({ status: 'held', heldUntil: new Date(Date.now() - 60_000) })
      .where(eq(s.inventoryUnits.id, unit.id));
    expect(await lowest()).toEqual({ amount: 1200, currency: 'EUR' });
    // …but a live hold keeps it taken
    await t.db
      .update(s.inventoryUnits)
      .set({ heldUntil: new Date(Date.now() + 600_000) })
      .where(eq(s.inventoryUnits.id, unit.id));
    expect(await lowest()).toEqual({ amount: 1800, currency: 'EUR' });

    // A fan resells a C seat for 10.00: the lowest price drops below every primary category
    const owner = await someUser();
    const [soldUnit] = await t.db
      .select()
      .from(s.inventoryUnits)
      .where(and(eq(s.inventoryUnits.ticketTypeId, catC.id), eq(s.inventoryUnits.status, 'sold')))
      .limit(1);
    const [ticket] = await t.db
      .insert(s.tickets)
      .values({ eventId: event.id, unitId: soldUnit.id, ticketTypeId: catC.id, ownerId: owner, priceAmount: 1200, secret: 'x', status: 'listed' })
      .returning();
    const [listing] = await t.db
      .insert(s.resaleListings)
      .values({ ticketId: ticket.id, eventId: event.id, sellerId: owner, priceAmount: 1000, currency: 'EUR' })
      .returning();
    expect(await lowest()).toEqual({ amount: 1000, currency: 'EUR' });

    // The offer in someone's live cart is not available; when that hold expires, it is again
    await t.db.update(s.resaleListings).set({ holdId: listing.id, heldUntil: new Date(Date.now() + 600_000) }).where(eq(s.resaleListings.id, listing.id));
    expect(await lowest()).toEqual({ amount: 1800, currency: 'EUR' });
    await written(event.id, t.db.update(s.resaleListings).set({ heldUntil: new Date(Date.now() - 1000) }).where(eq(s.resaleListings.id, listing.id)));
    expect(await lowest()).toEqual({ amount: 1000, currency: 'EUR' });

    // Availability shows the same: the offer, the live-held seat taken, the expired one not
    let availability = (await getAvailability(event.id))!;
    expect(availability.resale).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ listingId: listing.id, seatId: soldUnit.seatId, price: { amount: 1000, currency: 'EUR' }, buyerFee: { amount: 30, currency: 'EUR' } }),
      ]),
    );
    expect(availability.takenSeatIds).toContain(unit.seatId);
    await written(event.id, t.db.update(s.resaleListings).set({ heldUntil: new Date(Date.now() + 600_000) }).where(eq(s.resaleListings.id, listing.id)));
    availability = (await getAvailability(event.id))!;
    expect(availability.resale.map((r) => r.listingId)).not.toContain(listing.id);

    // Sold listings disappear; everything sold → no price at all
    await t.db.update(s.resaleListings).set({ status: 'sold' }).where(eq(s.resaleListings.eventId, event.id));
    await t.db.update(s.inventoryUnits).set({ status: 'sold', heldUntil: null }).where(eq(s.inventoryUnits.eventId, event.id));
    expect(await lowest()).toBeNull();
  });
});

describe('availability', () => {
  // On PostgreSQL other server processes write too, and their holds announce nothing.
  (isPostgresRun() ? it : it.skip)('on PostgreSQL, a write nobody announced (a hold in another server process) shows on the very next read', async () => {
    const event = await eventRow('dunaj-bratislava-msk-zilina');
    const [unit] = await availableSeatUnits(event.id, 1);
    expect((await getAvailability(event.id))!.takenSeatIds).not.toContain(unit.seatId);
    await t.db.update(s.inventoryUnits).set({ status: 'held', heldUntil: new Date(Date.now() + 300_000) }).where(eq(s.inventoryUnits.id, unit.id));
    expect((await getAvailability(event.id))!.takenSeatIds).toContain(unit.seatId);
    await t.db.update(s.inventoryUnits).set({ status: 'available', heldUntil: null }).where(eq(s.inventoryUnits.id, unit.id));
    expect((await getAvailability(event.id))!.takenSeatIds).not.toContain(unit.seatId);
  });

  it('callers at once share reads, but a caller who comes during a read gets the next one, with what was written meanwhile', async () => {
    const event = await eventRow('dunaj-bratislava-msk-zilina');
    const [unit] = await availableSeatUnits(event.id, 1);
    availabilityChanged(event.id);
    // Three callers in one tick: the first starts a read; the two who come while it is under way share the next one.
    const first = getAvailability(event.id);
    const [second, third] = [getAvailability(event.id), getAvailability(event.id)];
    expect(second).not.toBe(first);
    expect(third).toBe(second);
    await Promise.all([first, second]);
    // A read begins, a seat is held, a fan asks: whether that read is still under way or not, the fan's
    // answer was read after the hold (it waits for the next read rather than join one that began before).
    const begun = getAvailability(event.id);
    await written(event.id, t.db.update(s.inventoryUnits).set({ status: 'held', heldUntil: new Date(Date.now() + 300_000) }).where(eq(s.inventoryUnits.id, unit.id)));
    const asked = getAvailability(event.id);
    expect((await asked)!.takenSeatIds).toContain(unit.seatId);
    await begun;
    await written(event.id, t.db.update(s.inventoryUnits).set({ status: 'available', heldUntil: null }).where(eq(s.inventoryUnits.id, unit.id)));
  });

  it('a hold or a release through the cart shows on the very next read; reads in between share one database read on the embedded PGlite only', async () => {
    const event = await eventRow('dunaj-bratislava-msk-zilina');
    const [unit] = await availableSeatUnits(event.id, 1);
    const fan = { id: await someUser() };
    const reads = jest.spyOn(t.db, 'execute');
    try {
      // This thread hears event changes from here on (starting to listen forgets every shared read).
      await listenForEventChanges();
      // Everything below runs well within a second.
      const started = Date.now();
      availabilityChanged(event.id);
      const totals = { [unit.ticketTypeId]: 1 }; // known totals: the read is one query
      const first = (await getAvailability(event.id, totals))!;
      const second = (await getAvailability(event.id, totals))!;
      expect(second.takenSeatIds).toEqual(first.takenSeatIds);
      // The only writer (PGlite) answers the second caller from the first read; PostgreSQL reads again.
      expect(reads).toHaveBeenCalledTimes(t.kind === 'pglite' ? 1 : 2);
      expect(first.takenSeatIds).not.toContain(unit.seatId);

      const held = await addToCart({ user: fan, eventRef: event.slug, selection: { seatIds: [unit.seatId!] }, locale: 'en' });
      expect(held.ok).toBe(true);
      expect((await getAvailability(event.id, totals))!.takenSeatIds).toContain(unit.seatId);
      const released = await removeFromCart({ user: fan, eventRef: event.slug, itemId: held.ok ? held.cart.items[0].id : '', locale: 'en' });
      expect(released.ok).toBe(true);
      expect((await getAvailability(event.id, totals))!.takenSeatIds).not.toContain(unit.seatId);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      reads.mockRestore();
    }
  });

  // PGlite's data folder is opened by one process, which therefore makes every write.
  (isPostgresRun() ? it.skip : it)('on the embedded PGlite, a shared read ends when a hold in it runs out', async () => {
    const event = await eventRow('dunaj-bratislava-msk-zilina');
    const [shortHold, unannounced] = await availableSeatUnits(event.id, 2);
    // a hold that runs out 500 ms from now
    await written(event.id, t.db.update(s.inventoryUnits).set({ status: 'held', heldUntil: new Date(Date.now() + 500) }).where(eq(s.inventoryUnits.id, shortHold.id)));
    expect((await getAvailability(event.id))!.takenSeatIds).toContain(shortHold.seatId);
    // A write that did not tell (only a test can make one here) shows only once the shared read ends …
    await t.db.update(s.inventoryUnits).set({ status: 'sold' }).where(eq(s.inventoryUnits.id, unannounced.id));
    expect((await getAvailability(event.id))!.takenSeatIds).not.toContain(unannounced.seatId);
    // … which is when the short hold runs out, before the second is over: its seat is free on the next read.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const afterExpiry = (await getAvailability(event.id))!;
    expect(afterExpiry.takenSeatIds).not.toContain(shortHold.seatId);
    expect(afterExpiry.takenSeatIds).toContain(unannounced.seatId);
  });

  it('counts free places per category and lists taken seats; expired holds are free on every read', async () => {
    const event = await eventRow('dunaj-bratislava-msk-zilina');
    const before = (await getAvailability(event.id))!;
    expect(before.onSale).toBe(true);
    const totalBefore = before.ticketTypes.reduce((n, x) => n + x.available, 0);
    // every seat is either free or taken
    expect(totalBefore + before.takenSeatIds.length).toBe(1040);

    const units = await availableSeatUnits(event.id, 4);
    const [sold, liveHold, expiredHold, blocked] = units;
    await t.db.update(s.inventoryUnits).set({ status: 'sold' }).where(eq(s.inventoryUnits.id, sold.id));
    await t.db.update(s.inventoryUnits).set({ status: 'held', heldUntil: new Date(Date.now() + 300_000) }).where(eq(s.inventoryUnits.id, liveHold.id));
    await t.db.update(s.inventoryUnits).set({ status: 'held', heldUntil: new Date(Date.now() - 1_000) }).where(eq(s.inventoryUnits.id, expiredHold.id));
    await written(event.id, t.db.update(s.inventoryUnits).set({ status: 'blocked' }).where(eq(s.inventoryUnits.id, blocked.id)));

    const after = (await getAvailability(event.id))!;
    expect(after.takenSeatIds.sort()).toEqual([...before.takenSeatIds, sold.seatId, liveHold.seatId, blocked.seatId].sort());
    expect(after.takenSeatIds).not.toContain(expiredHold.seatId);
    expect(after.ticketTypes.reduce((n, x) => n + x.available, 0)).toBe(totalBefore - 3);
  });

  it('counts standing places the same way', async () => {
    const event = await eventRow('polarna-ziara-kosice');
    const [ga] = await t.db.select().from(s.ticketTypes).where(and(eq(s.ticketTypes.eventId, event.id), eq(s.ticketTypes.code, 'GA')));
    const freeBefore = (await getAvailability(event.id))!.ticketTypes.find((x) => x.id === ga.id)!.available;
    const units = await t.db
      .select({ id: s.inventoryUnits.id })
      .from(s.inventoryUnits)
      .where(and(eq(s.inventoryUnits.ticketTypeId, ga.id), eq(s.inventoryUnits.status, 'available')))
      .limit(10);
    await t.db.update(s.inventoryUnits).set({ status: 'held', heldUntil: new Date(Date.now() + 300_000) }).where(inArray(s.inventoryUnits.id, units.slice(0, 6).map((u) => u.id)));
    await written(event.id, t.db.update(s.inventoryUnits).set({ status: 'held', heldUntil: new Date(Date.now() - 300_000) }).where(inArray(s.inventoryUnits.id, units.slice(6).map((u) => u.id))));
    const availability = (await getAvailability(event.id))!;
    expect(availability.takenSeatIds).toEqual([]);
    expect(freeBefore).toBeGreaterThan(790);
    expect(availability.ticketTypes.find((x) => x.id === ga.id)!.available).toBe(freeBefore - 6);
  });

  it('sells nothing for a past event and knows no draft', async () => {
    const past = await eventRow(PAST);
    const availability = (await getAvailability(past.id))!;
    expect(availability.onSale).toBe(false);
    expect(availability.ticketTypes.every((x) => x.available === 0)).toBe(true);
    const draft = await eventRow(DRAFT);
    expect(await getAvailability(draft.id)).toBeNull();
    expect(await findPublicEvent(DRAFT)).toBeNull();
    expect(await getEventDetail(DRAFT)).toBeNull();
  });
});

describe('event detail', () => {
  it('has the texts in every language, the venue, price categories and the seat layout', async () => {
    const detail = (await getEventDetail(STADIUM, { seats: true }))!;
    const summary = (await getEventDetail(STADIUM))!;
    expect(summary.layout!.seatCount).toBe(1040);
    expect(summary.layout!.sections.map((sec) => sec.seatCount)).toEqual([160, 160, 160, 160, 100, 100, 100, 100]);
    expect(summary.layout!.sections.every((sec) => sec.rows.length === 0)).toBe(true);
    expect(detail.title).toEqual({ sk: 'FK Dunaj Bratislava – FC Košice', cs: 'FK Dunaj Bratislava – FC Košice', en: 'FK Dunaj Bratislava v FC Košice' });
    expect(detail.venue).toEqual(expect.objectContaining({ name: 'Štadión Dunaj', city: 'Bratislava', address: 'Viedenská cesta 12, 851 01 Bratislava' }));
    expect(detail.ticketTypes.map((x) => x.code)).toEqual(['A', 'B', 'C']);
    expect(detail.layout!.seatCount).toBe(1040);
    expect(detail.layout!.sections).toHaveLength(8);
    const seats = detail.layout!.sections.flatMap((sec) => sec.rows.flatMap((r) => r.seats));
    expect(seats.every((seat) => seat.ticketTypeId)).toBe(true);
    expect(new Set(seats.map((seat) => seat.id)).size).toBe(1040);
    expect(detail.gallery.length).toBeGreaterThanOrEqual(2);

    const standing = (await getEventDetail('polarna-ziara-kosice'))!;
    expect(standing.layout).toBeNull();
    const past = (await getEventDetail(PAST))!;
    expect(past.isPast).toBe(true);
  });
});

describe('API', () => {
  const ctx = (id: string) => ({ params: Promise.resolve({ id }) });

  it('GET /api/v1/events searches in the request language and validates the query', async () => {
    const response = await listRoute(new Request('http://localhost/api/v1/events?q=winter%20tour', { headers: { 'accept-language': 'cs' } }), { params: Promise.resolve({}) });
    expect(response.status).toBe(200);
    const body = await answerOf(eventListSchema, response);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toEqual(expect.objectContaining({ id: 'polarna-ziara-kosice', title: 'Polárna žiara – Zimní turné', lowestPrice: { amount: 2900, currency: 'EUR' } }));

    const bad = await listRoute(new Request('http://localhost/api/v1/events?category=opera', { headers: { 'accept-language': 'en' } }), { params: Promise.resolve({}) });
    expect(bad.status).toBe(422);
    expect((await failureBodyOf(bad)).code).toBe('VALIDATION');
  });

  it('GET /api/v1/events/{id} answers the detail, 404 for drafts and unknown ids', async () => {
    const ok = await detailRoute(new Request(`http://localhost/api/v1/events/${STADIUM}?include=seats`, { headers: { 'accept-language': 'en' } }), ctx(STADIUM));
    expect(ok.status).toBe(200);
    const body = await answerOf(eventDetailSchema, ok);
    expect(body.title).toBe('FK Dunaj Bratislava v FC Košice');
    expect(body.layout!.sections[0].rows![0].seats[0]).toEqual(expect.objectContaining({ x: expect.any(Number), y: expect.any(Number) }));
    for (const id of [DRAFT, 'no-such-event']) {
      const missing = await detailRoute(new Request(`http://localhost/api/v1/events/${id}`), ctx(id));
      expect(missing.status).toBe(404);
      await failureBodyOf(missing);
    }
  });

  it('GET /api/v1/events/{id}/availability answers live data', async () => {
    const response = await availabilityRoute(new Request(`http://localhost/api/v1/events/luka-fest-2027/availability`), ctx('luka-fest-2027'));
    expect(response.status).toBe(200);
    const body = await answerOf(availabilitySchema, response);
    const direct = (await getAvailability(body.ticketTypes.length ? (await findPublicEvent('luka-fest-2027'))!.uuid : ''))!;
    expect(body.ticketTypes.map((x: { available: number }) => x.available)).toEqual(direct.ticketTypes.map((x) => x.available));
    expect(body.ticketTypes[1].available).toBe(100);
    expect(body.ticketTypes[0].available).toBeGreaterThan(1490);
    expect((await availabilityRoute(new Request(`http://localhost/api/v1/events/${DRAFT}/availability`), ctx(DRAFT))).status).toBe(404);
  });

  it('GET /api/v1/openapi.json documents the catalogue paths', async () => {
    const response = await openapiRoute(new Request('http://localhost/api/v1/openapi.json'), { params: Promise.resolve({}) });
    const doc = await response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/events', '/api/v1/events/{id}', '/api/v1/events/{id}/availability']));
    expect(doc.paths['/api/v1/events'].get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['q', 'category', 'page']));
  });
});

