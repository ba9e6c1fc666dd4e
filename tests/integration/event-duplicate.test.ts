// Duplicating an event (issue 31 item 5, templates): POST /api/v1/organiser/events/{eventId}/duplicate makes
// a draft like a seeded match at a new start — its categories, prices, concessions, resale rules, named
// sections, waiting list and pictures — with units for sale like a new event's, and none of its tickets.
// Who may: owner and manager; a scanner 403; another organisation 404. A start in the past is 422.
import { mkdirSync, mkdtempSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { DELETE, GET, POST } from '@/tests/helpers/api';
import * as s from '@/lib/server/db/schema';
import { useTestDatabase } from '../helpers/db';
import { makeCast, makeMember, orgIdOfSlug, type Cast } from '../helpers/organiser';
import { auth, eventBySlug, giveTicket, params, request, type TestUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const SOURCE = 'dunaj-bratislava-fc-kosice';
const uploads = mkdtempSync(path.join(tmpdir(), 'tribuna-duplicate-'));
let cast: Cast;
let otherManager: TestUser;
let source: typeof s.events.$inferSelect;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

const duplicate = (user: TestUser | null, eventId: string, body: unknown) =>
  POST(request(`/api/v1/organiser/events/${eventId}/duplicate`, { method: 'POST', headers: user ? auth(user) : { 'content-type': 'application/json' }, body }), params({ eventId }));

async function duplicated(eventId: string, startsAt: Date, user: TestUser = cast.manager) {
  const response = await duplicate(user, eventId, { startsAt: startsAt.toISOString() });
  expect(response.status).toBe(201);
  return (await response.json()).event as { id: string; slug: string; status: string; startsAt: string; doorsAt: string | null; endsAt: string | null; imageUrl: string; categories: Category[] };
}

type Category = { id: string; code: string; name: unknown; kind: string; priceAmount: number; color: string; sortOrder: number; sectionIds: string[]; capacity: number; sold: number };
const comparable = ({ code, name, kind, priceAmount, color, sortOrder, sectionIds }: Category) => ({ code, name, kind, priceAmount, color, sortOrder, sectionIds: [...sectionIds].sort() });

async function categoriesOf(eventId: string): Promise<Category[]> {
  const response = await GET(request(`/api/v1/organiser/events/${eventId}/price-categories`, { headers: auth(cast.owner) }), params({ eventId }));
  expect(response.status).toBe(200);
  return (await response.json()).categories;
}

/** Every category's concessions of an event, by category code. */
async function concessionsOf(eventId: string) {
  const rows = await t.db
    .select({ code: s.ticketTypes.code, kind: s.ticketTypeConcessions.kind, priceAmount: s.ticketTypeConcessions.priceAmount, companion: s.ticketTypeConcessions.companion, resaleAllowed: s.ticketTypeConcessions.resaleAllowed })
    .from(s.ticketTypeConcessions)
    .innerJoin(s.ticketTypes, eq(s.ticketTypes.id, s.ticketTypeConcessions.ticketTypeId))
    .where(eq(s.ticketTypes.eventId, eventId))
    .orderBy(asc(s.ticketTypes.code), asc(s.ticketTypeConcessions.kind));
  return rows;
}

async function resalePolicyOf(eventId: string) {
  const response = await GET(request(`/api/v1/organiser/events/${eventId}/resale-policy`, { headers: auth(cast.owner) }), params({ eventId }));
  expect(response.status).toBe(200);
  return (await response.json()).policy;
}

/** Units per category code (any status): what the event sells, held back or not. */
async function unitsOf(eventId: string): Promise<Record<string, number>> {
  const rows = await t.db
    .select({ code: s.ticketTypes.code, n: sql<number>`count(${s.inventoryUnits.id})::int` })
    .from(s.ticketTypes)
    .leftJoin(s.inventoryUnits, eq(s.inventoryUnits.ticketTypeId, s.ticketTypes.id))
    .where(eq(s.ticketTypes.eventId, eventId))
    .groupBy(s.ticketTypes.code);
  return Object.fromEntries(rows.map((row) => [row.code, Number(row.n)]));
}

beforeAll(async () => {
  process.env.UPLOADS_DIR = uploads;
  const orgId = await orgIdOfSlug(t.db, 'fk-dunaj-bratislava');
  cast = await makeCast(t.db, orgId);
  otherManager = await makeMember(t.db, await orgIdOfSlug(t.db, 'hc-vltava-praha'), 'manager', 'other-manager');
  source = await eventBySlug(t.db, SOURCE);
  // The source has settings of every kind a copy keeps, and a ticket sold (which it must not).
  const [section] = await t.db.select({ id: s.eventSections.sectionId }).from(s.eventSections).where(eq(s.eventSections.eventId, source.id)).limit(1);
  await t.db.insert(s.eventNamedSections).values({ eventId: source.id, sectionId: section.id }).onConflictDoNothing();
  await t.db
    .update(s.events)
    .set({
      waitingListEnabled: true,
      waitingListOfferMinutes: 45,
      resaleEnabled: true,
      resaleCapPercent: 110,
      resaleWindowHours: 5,
      resaleSellerFeeBps: 300,
      resaleOrganiserSharePercent: 40,
      transferEnabled: false,
      doorsAt: new Date(source.startsAt.getTime() - 90 * 60_000),
      endsAt: new Date(source.startsAt.getTime() + 2 * 3_600_000),
      saleEndsAt: new Date(source.startsAt.getTime() - 3_600_000),
    })
    .where(eq(s.events.id, source.id));
  source = await eventBySlug(t.db, SOURCE);
  await giveTicket(t.db, cast.fan.id, SOURCE);
});

afterAll(() => {
  delete process.env.UPLOADS_DIR;
  rmSync(uploads, { recursive: true, force: true });
});

describe('POST /api/v1/organiser/events/{eventId}/duplicate', () => {
  it('makes a draft with the same categories, prices, concessions, resale rules and settings at the new start, its other dates moved as much', async () => {
    const startsAt = inDays(200);
    const copy = await duplicated(source.id, startsAt);
    expect(copy.id).not.toBe(source.id);
    expect(copy.slug).not.toBe(source.slug);
    expect(copy.status).toBe('draft');
    expect(new Date(copy.startsAt).getTime()).toBe(startsAt.getTime());
    const by = startsAt.getTime() - source.startsAt.getTime();
    expect(new Date(copy.doorsAt!).getTime()).toBe(source.doorsAt!.getTime() + by);
    expect(new Date(copy.endsAt!).getTime()).toBe(source.endsAt!.getTime() + by);

    const [row] = await t.db.select().from(s.events).where(eq(s.events.id, copy.id));
    expect(row).toMatchObject({
      orgId: source.orgId,
      venueId: source.venueId,
      category: source.category,
      title: source.title,
      summary: source.summary,
      description: source.description,
      performers: source.performers,
      currency: source.currency,
      serviceFeeAmount: source.serviceFeeAmount,
      maxTicketsPerOrder: source.maxTicketsPerOrder,
      imageUrl: source.imageUrl,
      gallery: source.gallery,
      namedTickets: source.namedTickets,
      waitingListEnabled: true,
      waitingListOfferMinutes: 45,
      publishedAt: null,
      cancelledAt: null,
      seasonId: null,
    });
    expect(row.saleEndsAt!.getTime()).toBe(source.saleEndsAt!.getTime() + by);

    const [sourceCategories, copyCategories] = [await categoriesOf(source.id), await categoriesOf(copy.id)];
    expect(sourceCategories.length).toBeGreaterThan(0);
    expect(copyCategories.map(comparable)).toEqual(sourceCategories.map(comparable));
    expect(copyCategories.every((category) => category.sold === 0)).toBe(true);
    const sourceConcessions = await concessionsOf(source.id);
    expect(sourceConcessions.length).toBeGreaterThan(0);
    expect(await concessionsOf(copy.id)).toEqual(sourceConcessions);
    expect(await resalePolicyOf(copy.id)).toEqual(await resalePolicyOf(source.id));
    const named = (eventId: string) => t.db.select({ sectionId: s.eventNamedSections.sectionId }).from(s.eventNamedSections).where(eq(s.eventNamedSections.eventId, eventId));
    expect(await named(copy.id)).toEqual(await named(source.id));

    // None of what fans have: no tickets, nothing sold or held.
    expect(await t.db.select().from(s.tickets).where(eq(s.tickets.eventId, copy.id))).toEqual([]);
    const [taken] = await t.db.select({ n: sql<number>`count(*)::int` }).from(s.inventoryUnits).where(and(eq(s.inventoryUnits.eventId, copy.id), sql`status <> 'available'`));
    expect(Number(taken.n)).toBe(0);
  });

  it('has units for sale like a new event with the same categories: once published, the fans see every place free', async () => {
    const copy = await duplicated(source.id, inDays(210));
    // A new draft of the same venue, its categories added by the organiser's own calls.
    const created = await POST(
      request('/api/v1/organiser/events', {
        method: 'POST',
        headers: auth(cast.manager),
        body: { organisation: source.orgId, venueId: source.venueId, category: 'sport', title: { sk: 'Nový zápas' }, startsAt: inDays(220).toISOString(), currency: source.currency },
      }),
      params({}),
    );
    expect(created.status).toBe(201);
    const fresh = (await created.json()).event.id as string;
    const codes: Record<string, string> = {};
    for (const category of await categoriesOf(source.id)) {
      const standing = category.kind === 'standing' && category.sectionIds.length === 0;
      const added = await POST(
        request(`/api/v1/organiser/events/${fresh}/price-categories`, {
          method: 'POST',
          headers: auth(cast.manager),
          body: { name: category.name, kind: category.kind, priceAmount: category.priceAmount, sectionIds: category.sectionIds, ...(standing && { capacity: category.capacity }) },
        }),
        params({ eventId: fresh }),
      );
      expect(added.status).toBe(201);
      codes[(await added.json()).category.code] = category.code;
    }
    const freshUnits = Object.fromEntries(Object.entries(await unitsOf(fresh)).map(([code, n]) => [codes[code], n]));
    const copyUnits = await unitsOf(copy.id);
    expect(copyUnits).toEqual(freshUnits);
    expect(Object.values(copyUnits).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);

    const published = await POST(request(`/api/v1/organiser/events/${copy.id}/publish`, { method: 'POST', headers: auth(cast.manager) }), params({ eventId: copy.id }));
    expect(published.status).toBe(200);
    const availability = await GET(request(`/api/v1/events/${copy.slug}/availability`), params({ id: copy.slug }));
    expect(availability.status).toBe(200);
    const { ticketTypes, onSale } = await availability.json();
    expect(onSale).toBe(true);
    expect(ticketTypes.length).toBe(Object.keys(copyUnits).length);
    const copyCategories = await categoriesOf(copy.id);
    const accessible = await t.db.select({ seatId: s.accessibleSeats.seatId }).from(s.accessibleSeats);
    for (const type of ticketTypes as { id: string; available: number }[]) {
      const category = copyCategories.find((c) => c.id === type.id)!;
      // Wheelchair places of the venue are held back from the general sale (as at any event of it).
      const [held] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(s.inventoryUnits)
        .where(and(eq(s.inventoryUnits.ticketTypeId, category.id), sql`seat_id in (select seat_id from accessible_seats)`));
      expect(type.available).toBeLessThanOrEqual(copyUnits[category.code]);
      expect(type.available).toBeGreaterThanOrEqual(copyUnits[category.code] - (accessible.length ? Number(held.n) : 0));
    }
  });

  it('copies a past or cancelled event too (next season’s match from last one’s)', async () => {
    await t.db.update(s.events).set({ status: 'cancelled', cancelledAt: new Date(), startsAt: inDays(-30) }).where(eq(s.events.id, source.id));
    try {
      const copy = await duplicated(source.id, inDays(330), cast.owner);
      expect(copy.status).toBe('draft');
      expect((await categoriesOf(copy.id)).map(comparable)).toEqual((await categoriesOf(source.id)).map(comparable));
    } finally {
      await t.db.update(s.events).set({ status: source.status, cancelledAt: null, startsAt: source.startsAt }).where(eq(s.events.id, source.id));
    }
  });

  it('shares the pictures: removing one from the copy keeps the file the source still shows', async () => {
    const src = `/media/events/${source.id}/shared.webp`;
    mkdirSync(path.join(uploads, 'events', source.id), { recursive: true });
    const file = path.join(uploads, 'events', source.id, 'shared.webp');
    writeFileSync(file, 'webp');
    const picture = { src, width: 1600, height: 900, alt: { sk: 'Štadión', cs: 'Stadion', en: 'Stadium' } };
    await t.db.update(s.events).set({ gallery: [picture], imageUrl: src }).where(eq(s.events.id, source.id));
    const copy = await duplicated(source.id, inDays(240));
    expect(copy.imageUrl).toBe(src);

    const remove = (eventId: string) =>
      DELETE(request(`/api/v1/organiser/events/${eventId}/images/0`, { method: 'DELETE', headers: auth(cast.manager) }), params({ eventId, index: '0' }));
    expect((await remove(copy.id)).status).toBe(200);
    expect(existsSync(file)).toBe(true);
    expect((await remove(source.id)).status).toBe(200);
    expect(existsSync(file)).toBe(false);
  });

  it('refuses a start in the past (422 at startsAt), a scanner (403), another organisation’s manager and an unknown event (404), and copies nothing', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(s.events);
    const past = await duplicate(cast.manager, source.id, { startsAt: inDays(-1).toISOString() });
    expect(past.status).toBe(422);
    const body = await past.json();
    expect(body.code).toBe('DUPLICATE_IN_PAST');
    expect(body.errors[0].field).toBe('startsAt');
    const later = { startsAt: inDays(250).toISOString() };
    expect((await duplicate(cast.scanner, source.id, later)).status).toBe(403);
    expect((await duplicate(otherManager, source.id, later)).status).toBe(404);
    expect((await duplicate(cast.fan, source.id, later)).status).toBe(404);
    expect((await duplicate(null, source.id, later)).status).toBe(401);
    expect((await duplicate(cast.manager, '00000000-0000-4000-8000-000000000000', later)).status).toBe(404);
    expect((await duplicate(cast.manager, source.id, { startsAt: 'zajtra' })).status).toBe(422);
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(s.events);
    expect(Number(after[0].n)).toBe(Number(before[0].n));
  });
});
