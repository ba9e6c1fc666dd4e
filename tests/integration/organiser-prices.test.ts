// An event's price categories over the API: the role matrix of every route (another organisation's event
// or category is 404), validation, sections → units in the same change, a new price for future sales
// only, and the refusals that keep sold tickets whole (a sold category, a sold section, sold places).
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { POST as createEventRoute } from '@/tests/helpers/api';
import { GET as readEventRoute } from '@/tests/helpers/api';
import { GET as listRoute, POST as createRoute } from '@/tests/helpers/api';
import { DELETE as deleteRoute, PATCH as patchRoute } from '@/tests/helpers/api';
import { GET as publicDetailRoute } from '@/tests/helpers/api';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { useTestDatabase } from '../helpers/db';
import { expectedStatuses, makeCast, orgIdOfSlug, statusesOf, type Caller, type Cast } from '../helpers/organiser';
import { auth, giveTicket, params, request } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
let orgId: string;
let cast: Cast;
let venueId: string;
let sectionIds: string[];
let otherEventId: string;
let otherCategoryId: string;

type Category = { id: string; code: string; priceAmount: number; sectionIds: string[]; capacity: number; sold: number; kind: string; name: Record<string, string> };

async function newEvent(): Promise<{ id: string; slug: string }> {
  const response = await createEventRoute(
    request('/api/v1/organiser/events', {
      method: 'POST',
      headers: auth(cast.owner),
      body: { organisation: orgId, venueId, category: 'sport', title: { sk: 'Cenový test' }, startsAt: new Date(Date.now() + 20 * 86_400_000).toISOString(), currency: 'EUR' },
    }),
    params({}),
  );
  expect(response.status).toBe(201);
  return (await response.json()).event;
}

const post = (headers: Record<string, string>, eventId: string, body: unknown) =>
  createRoute(request(`/api/v1/organiser/events/${eventId}/price-categories`, { method: 'POST', headers, body }), params({ eventId }));
const patch = (headers: Record<string, string>, eventId: string, categoryId: string, body: unknown) =>
  patchRoute(request(`/api/v1/organiser/events/${eventId}/price-categories/${categoryId}`, { method: 'PATCH', headers, body }), params({ eventId, categoryId }));
const remove = (headers: Record<string, string>, eventId: string, categoryId: string) =>
  deleteRoute(request(`/api/v1/organiser/events/${eventId}/price-categories/${categoryId}`, { method: 'DELETE', headers }), params({ eventId, categoryId }));

async function add(eventId: string, body: Record<string, unknown>): Promise<Category> {
  const response = await post(auth(cast.owner), eventId, body);
  expect(response.status).toBe(201);
  return (await response.json()).category;
}

async function unitsOf(categoryId: string) {
  return t.db.select().from(s.inventoryUnits).where(eq(s.inventoryUnits.ticketTypeId, categoryId));
}

async function seatsIn(sectionId: string): Promise<number> {
  return Number(rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from venue_seats where section_id = ${sectionId}`))[0].n);
}

beforeAll(async () => {
  orgId = await orgIdOfSlug(t.db, 'fk-dunaj-bratislava');
  cast = await makeCast(t.db, orgId);
  const venues = await t.db.select().from(s.venues).where(eq(s.venues.orgId, orgId));
  const sections = await t.db.select().from(s.venueSections).where(inArray(s.venueSections.venueId, venues.map((v) => v.id)));
  venueId = sections[0].venueId;
  sectionIds = sections.filter((x) => x.venueId === venueId && x.kind === 'seated').map((x) => x.id);
  expect(sectionIds.length).toBeGreaterThanOrEqual(3);
  const otherOrg = await orgIdOfSlug(t.db, 'hc-vltava-praha');
  const [other] = await t.db.select().from(s.events).where(eq(s.events.orgId, otherOrg));
  otherEventId = other.id;
  otherCategoryId = (await t.db.select().from(s.ticketTypes).where(eq(s.ticketTypes.eventId, other.id)))[0].id;
});

describe('role matrix: owner and manager may, scanner 403, a fan and another organisation 404, anonymous 401', () => {
  it('GET and POST /api/v1/organiser/events/{eventId}/price-categories', async () => {
    const event = await newEvent();
    expect(await statusesOf(cast, (headers) => listRoute(request(`/api/v1/organiser/events/${event.id}/price-categories`, { headers }), params({ eventId: event.id })))).toEqual(
      expectedStatuses('events', 200),
    );
    expect(await statusesOf(cast, (headers) => post(headers, event.id, { name: { sk: 'Státie' }, kind: 'standing', priceAmount: 500, capacity: 5 }))).toEqual(
      expectedStatuses('events', 201),
    );
    expect((await unitsOf((await t.db.select().from(s.ticketTypes).where(eq(s.ticketTypes.eventId, event.id)))[0].id)).length).toBe(5);
  });

  it('PATCH and DELETE …/price-categories/{categoryId}', async () => {
    const event = await newEvent();
    const category = await add(event.id, { name: { sk: 'A' }, kind: 'standing', priceAmount: 100, capacity: 3 });
    expect(await statusesOf(cast, (headers) => patch(headers, event.id, category.id, { priceAmount: 150 }))).toEqual(expectedStatuses('events', 200));
    const byCaller: Partial<Record<Caller, string>> = {
      owner: (await add(event.id, { name: { sk: 'B' }, kind: 'standing', priceAmount: 1 })).id,
      manager: (await add(event.id, { name: { sk: 'C' }, kind: 'standing', priceAmount: 1 })).id,
    };
    expect(await statusesOf(cast, (headers, who) => remove(headers, event.id, byCaller[who] ?? category.id))).toEqual(expectedStatuses('events', 200));
    const left = await t.db.select({ id: s.ticketTypes.id }).from(s.ticketTypes).where(eq(s.ticketTypes.eventId, event.id));
    expect(left.map((r) => r.id)).toEqual([category.id]);
  });

  it('another organisation’s event or category answers 404', async () => {
    const event = await newEvent();
    const owner = auth(cast.owner);
    expect((await listRoute(request(`/api/v1/organiser/events/${otherEventId}/price-categories`, { headers: owner }), params({ eventId: otherEventId }))).status).toBe(404);
    expect((await post(owner, otherEventId, { name: { sk: 'X' }, kind: 'standing', priceAmount: 1 })).status).toBe(404);
    expect((await patch(owner, otherEventId, otherCategoryId, { priceAmount: 1 })).status).toBe(404);
    expect((await remove(owner, otherEventId, otherCategoryId)).status).toBe(404);
    // Through one's own event: the other event's category is not found either.
    expect((await patch(owner, event.id, otherCategoryId, { priceAmount: 1 })).status).toBe(404);
    expect((await remove(owner, event.id, otherCategoryId)).status).toBe(404);
    const [kept] = await t.db.select().from(s.ticketTypes).where(eq(s.ticketTypes.id, otherCategoryId));
    expect(kept.priceAmount).not.toBe(1);
  });
});

describe('validation', () => {
  it.each([
    ['a negative price', { priceAmount: -1 }, 'priceAmount'],
    ['a price past int32', { priceAmount: 2 ** 31 }, 'priceAmount'],
    ['a colour that is not hex', { color: 'blue' }, 'color'],
    ['a kind that does not exist', { kind: 'floating' }, 'kind'],
    ['a name in no language', { name: { sk: '', en: '' } }, 'name.sk'],
  ])('refuses %s', async (_name, overrides, field) => {
    const event = await newEvent();
    const response = await post(auth(cast.owner), event.id, { name: { sk: 'Tribúna' }, kind: 'seated', priceAmount: 1000, ...overrides });
    expect(response.status).toBe(422);
    expect((await response.json()).errors[0].field).toBe(field);
  });

  it('refuses a section of another venue, of the other kind, and places where sections decide them', async () => {
    const event = await newEvent();
    const [foreign] = await t.db.select({ id: s.venueSections.id }).from(s.venueSections).where(sql`${s.venueSections.venueId} <> ${venueId}`).limit(1);
    let response = await post(auth(cast.owner), event.id, { name: { sk: 'A' }, kind: 'seated', priceAmount: 1, sectionIds: [foreign.id] });
    expect(await response.json()).toMatchObject({ code: 'SECTION_NOT_IN_VENUE', errors: [{ field: 'sectionIds' }] });
    response = await post(auth(cast.owner), event.id, { name: { sk: 'A' }, kind: 'standing', priceAmount: 1, sectionIds: [sectionIds[0]] });
    expect((await response.json()).code).toBe('SECTION_KIND_MISMATCH');
    response = await post(auth(cast.owner), event.id, { name: { sk: 'A' }, kind: 'seated', priceAmount: 1, capacity: 10 });
    expect(response.status).toBe(422);
    expect((await response.json()).code).toBe('CAPACITY_NOT_ALLOWED');
    // Nothing of the refused calls stayed.
    expect(await t.db.select().from(s.ticketTypes).where(eq(s.ticketTypes.eventId, event.id))).toEqual([]);
  });
});

describe('sections and places', () => {
  it('a seated category sells the seats of its sections; the event shows which category sells each section', async () => {
    const event = await newEvent();
    const category = await add(event.id, { name: { sk: 'Hlavná tribúna', en: 'Main stand' }, kind: 'seated', priceAmount: 2500, color: '#ff0000', sectionIds: sectionIds.slice(0, 2) });
    const seats = (await seatsIn(sectionIds[0])) + (await seatsIn(sectionIds[1]));
    expect(category).toMatchObject({ code: 'HLAVNA-TRIBUNA', capacity: seats, sold: 0, name: { sk: 'Hlavná tribúna', cs: '', en: 'Main stand' } });
    expect((await unitsOf(category.id)).length).toBe(seats);

    const body = await (await readEventRoute(request(`/api/v1/organiser/events/${event.id}`, { headers: auth(cast.manager) }), params({ eventId: event.id }))).json();
    expect(body.event.categories.map((c: Category) => c.id)).toEqual([category.id]);
    const assigned = body.event.sections.filter((x: { categoryId: string | null }) => x.categoryId === category.id).map((x: { id: string }) => x.id);
    expect(assigned.sort()).toEqual(sectionIds.slice(0, 2).sort());
    expect(body.event.capacity).toBe(seats);

    // A section moves to another category with its seats.
    const second = await add(event.id, { name: { sk: 'Za bránou' }, kind: 'seated', priceAmount: 900, sectionIds: [sectionIds[1], sectionIds[2]] });
    expect((await unitsOf(category.id)).length).toBe(await seatsIn(sectionIds[0]));
    expect((await unitsOf(second.id)).length).toBe((await seatsIn(sectionIds[1])) + (await seatsIn(sectionIds[2])));
  });

  it('a standing category without areas sells the places it is given; fewer than fans have is refused', async () => {
    const event = await newEvent();
    const category = await add(event.id, { name: { sk: 'Státie' }, kind: 'standing', priceAmount: 800, capacity: 30 });
    expect((await unitsOf(category.id)).length).toBe(30);
    expect((await patch(auth(cast.owner), event.id, category.id, { capacity: 10 })).status).toBe(200);
    expect((await unitsOf(category.id)).length).toBe(10);
    await giveTicket(t.db, cast.fan.id, event.slug);
    const response = await patch(auth(cast.owner), event.id, category.id, { capacity: 0 });
    expect(response.status).toBe(409);
    expect((await response.json()).message).toBe('1 ticket is already sold or in carts in what you are removing.');
    expect((await unitsOf(category.id)).length).toBe(10);
  });
});

describe('standing areas', () => {
  it('a standing category sells the places of its areas; without them, the places it is given', async () => {
    const event = await newEvent();
    const [area] = await t.db
      .insert(s.venueSections)
      .values({ venueId, code: `STAND-${Date.now().toString(36)}`, name: { sk: 'Kotol', cs: 'Kotel', en: 'Terrace' }, kind: 'standing', capacity: 40 })
      .returning({ id: s.venueSections.id });
    const category = await add(event.id, { name: { sk: 'Kotol' }, kind: 'standing', priceAmount: 600, sectionIds: [area.id] });
    expect(category).toMatchObject({ capacity: 40, sectionIds: [area.id] });
    expect((await unitsOf(category.id)).length).toBe(40);

    let response = await patch(auth(cast.owner), event.id, category.id, { capacity: 10 });
    expect((await response.json()).code).toBe('CAPACITY_NOT_ALLOWED');
    response = await post(auth(cast.owner), event.id, { name: { sk: 'Sedenie v kotli' }, kind: 'seated', priceAmount: 1, sectionIds: [area.id] });
    expect((await response.json()).code).toBe('SECTION_KIND_MISMATCH');

    response = await patch(auth(cast.owner), event.id, category.id, { sectionIds: [], capacity: 5 });
    expect(response.status).toBe(200);
    expect((await response.json()).category).toMatchObject({ capacity: 5, sectionIds: [] });
    expect((await unitsOf(category.id)).length).toBe(5);
  });
});

describe('what fans have stays', () => {
  it('a new price is for future sales: the sold ticket keeps its price, fans see the new one at once', async () => {
    const event = await newEvent();
    const category = await add(event.id, { name: { sk: 'Státie' }, kind: 'standing', priceAmount: 1000, capacity: 10 });
    await t.db.update(s.events).set({ status: 'on_sale', imageUrl: '/x.webp' }).where(eq(s.events.id, event.id));
    const { ticket } = await giveTicket(t.db, cast.fan.id, event.slug);
    const response = await patch(auth(cast.owner), event.id, category.id, { priceAmount: 1500 });
    expect((await response.json()).category).toMatchObject({ priceAmount: 1500, sold: 1 });
    const [kept] = await t.db.select({ price: s.tickets.priceAmount }).from(s.tickets).where(eq(s.tickets.id, ticket.id));
    expect(kept.price).toBe(1000);
    const detail = await (await publicDetailRoute(request(`/api/v1/events/${event.slug}`, { headers: { 'accept-language': 'en' } }), params({ id: event.slug }))).json();
    expect(detail.ticketTypes[0].price.amount).toBe(1500);
  });

  it('a category with a sold ticket cannot be deleted; one without can, and its units go', async () => {
    const event = await newEvent();
    const sold = await add(event.id, { name: { sk: 'Predaná' }, kind: 'standing', priceAmount: 1000, capacity: 10, sortOrder: 0 });
    const unsold = await add(event.id, { name: { sk: 'Nepredaná' }, kind: 'seated', priceAmount: 1000, sectionIds: [sectionIds[0]], sortOrder: 1 });
    await giveTicket(t.db, cast.fan.id, event.slug, sold.code);
    const response = await remove(auth(cast.owner), event.id, sold.id);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'CATEGORY_SOLD', message: 'The category cannot be deleted: 1 ticket is sold or in carts.' });
    expect((await unitsOf(sold.id)).length).toBe(10);

    expect((await remove(auth(cast.owner), event.id, unsold.id)).status).toBe(200);
    expect(await unitsOf(unsold.id)).toEqual([]);
    expect(await t.db.select().from(s.eventSections).where(eq(s.eventSections.ticketTypeId, unsold.id))).toEqual([]);
  });

  it('a sold seat’s section cannot leave its category nor move to another', async () => {
    const event = await newEvent();
    const category = await add(event.id, { name: { sk: 'Sedenie' }, kind: 'seated', priceAmount: 2000, sectionIds: [sectionIds[0], sectionIds[1]] });
    const other = await add(event.id, { name: { sk: 'Iné' }, kind: 'seated', priceAmount: 1000, sectionIds: [sectionIds[2]] });
    const { ticket } = await giveTicket(t.db, cast.fan.id, event.slug, category.code);
    const [unit] = await t.db
      .select({ sectionId: s.venueSeats.sectionId })
      .from(s.inventoryUnits)
      .innerJoin(s.venueSeats, eq(s.venueSeats.id, s.inventoryUnits.seatId))
      .where(and(eq(s.inventoryUnits.id, ticket.unitId), isNotNull(s.inventoryUnits.seatId)));
    const soldSection = unit.sectionId;
    const before = (await unitsOf(category.id)).length;

    let response = await patch(auth(cast.owner), event.id, category.id, { sectionIds: sectionIds.slice(0, 2).filter((id) => id !== soldSection) });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'UNITS_TAKEN', message: '1 ticket is already sold or in carts in what you are removing.' });
    response = await patch(auth(cast.owner), event.id, other.id, { sectionIds: [sectionIds[2], soldSection] });
    expect((await response.json()).code).toBe('UNITS_TAKEN');
    expect((await unitsOf(category.id)).length).toBe(before);
    const assigned = await t.db.select().from(s.eventSections).where(eq(s.eventSections.ticketTypeId, category.id));
    expect(assigned.map((a) => a.sectionId).sort()).toEqual(sectionIds.slice(0, 2).sort());

    // The unsold section may leave.
    const unsoldSection = sectionIds.slice(0, 2).find((id) => id !== soldSection)!;
    response = await patch(auth(cast.owner), event.id, category.id, { sectionIds: [soldSection] });
    expect(response.status).toBe(200);
    expect((await unitsOf(category.id)).length).toBe(before - (await seatsIn(unsoldSection)));
  });
});
