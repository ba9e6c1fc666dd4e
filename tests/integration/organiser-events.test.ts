// The organiser's events over the API: every route's role matrix (another organisation's data is 404),
// validation, create → publish → on the public list, unpublish, what publishing needs, edits that would
// break sold tickets, fans seeing an edit at once, and the sale window at the cart.
import { eq } from 'drizzle-orm';
import { GET as listRoute, POST as createRoute } from '@/tests/helpers/api';
import { GET as readRoute, PATCH as patchRoute } from '@/tests/helpers/api';
import { POST as publishRoute } from '@/tests/helpers/api';
import { POST as unpublishRoute } from '@/tests/helpers/api';
import { POST as addCategoryRoute } from '@/tests/helpers/api';
import { GET as publicListRoute } from '@/tests/helpers/api';
import { GET as publicDetailRoute } from '@/tests/helpers/api';
import { POST as cartItemsRoute } from '@/tests/helpers/api';
import * as s from '@/lib/server/db/schema';
import { useTestDatabase } from '../helpers/db';
import { expectedStatuses, makeCast, orgIdOfSlug, statusesOf, type Cast } from '../helpers/organiser';
import { auth, giveTicket, params, request } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
let orgId: string;
let otherOrgId: string;
let cast: Cast;
let venueId: string;
let otherVenueId: string;
let otherEventId: string;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

function draftBody(overrides: Record<string, unknown> = {}) {
  return {
    organisation: orgId,
    venueId,
    category: 'sport',
    title: { sk: 'Dunaj – Žilina: jesenné derby' },
    summary: { sk: 'Zápas kola', en: 'Matchday' },
    performers: ['FK Dunaj', 'MŠK Žilina'],
    startsAt: inDays(30),
    doorsAt: new Date(Date.now() + 30 * 86_400_000 - 3_600_000).toISOString(),
    endsAt: new Date(Date.now() + 30 * 86_400_000 + 7_200_000).toISOString(),
    currency: 'EUR',
    ...overrides,
  };
}

async function create(headers: Record<string, string>, overrides: Record<string, unknown> = {}) {
  return createRoute(request('/api/v1/organiser/events', { method: 'POST', headers, body: draftBody(overrides) }), params({}));
}

async function createAs(who: keyof Cast = 'owner', overrides: Record<string, unknown> = {}) {
  const response = await create(auth(cast[who]), overrides);
  expect(response.status).toBe(201);
  return (await response.json()).event as { id: string; slug: string; title: Record<string, string>; [key: string]: unknown };
}

const patch = (headers: Record<string, string>, eventId: string, body: unknown) =>
  patchRoute(request(`/api/v1/organiser/events/${eventId}`, { method: 'PATCH', headers, body }), params({ eventId }));
const publish = (headers: Record<string, string>, eventId: string) =>
  publishRoute(request(`/api/v1/organiser/events/${eventId}/publish`, { method: 'POST', headers }), params({ eventId }));
const unpublish = (headers: Record<string, string>, eventId: string) =>
  unpublishRoute(request(`/api/v1/organiser/events/${eventId}/unpublish`, { method: 'POST', headers }), params({ eventId }));

/** A draft that can be published: a standing category of 50 places and an image. */
async function publishable(overrides: Record<string, unknown> = {}) {
  const event = await createAs('owner', overrides);
  const added = await addCategoryRoute(
    request(`/api/v1/organiser/events/${event.id}/price-categories`, {
      method: 'POST',
      headers: auth(cast.owner),
      body: { name: { sk: 'Státie' }, kind: 'standing', priceAmount: 1200, capacity: 50 },
    }),
    params({ eventId: event.id }),
  );
  expect(added.status).toBe(201);
  await t.db.update(s.events).set({ imageUrl: '/images/demo/stadium.webp' }).where(eq(s.events.id, event.id));
  return { ...event, categoryId: (await added.json()).category.id as string };
}

async function publicSlugs(q: string): Promise<string[]> {
  const response = await publicListRoute(request(`/api/v1/events?q=${encodeURIComponent(q)}`, { headers: { 'accept-language': 'en' } }), params({}));
  expect(response.status).toBe(200);
  return (await response.json()).items.map((item: { id: string }) => item.id);
}

beforeAll(async () => {
  orgId = await orgIdOfSlug(t.db, 'fk-dunaj-bratislava');
  otherOrgId = await orgIdOfSlug(t.db, 'hc-vltava-praha');
  cast = await makeCast(t.db, orgId);
  const venues = await t.db.select().from(s.venues);
  venueId = venues.find((v) => v.orgId === orgId)!.id;
  otherVenueId = venues.find((v) => v.orgId === otherOrgId)!.id;
  otherEventId = (await t.db.select().from(s.events).where(eq(s.events.orgId, otherOrgId)))[0].id;
});

describe('role matrix: owner and manager may, scanner 403, a fan and another organisation 404, anonymous 401', () => {
  it('GET /api/v1/organiser/events?organisation=', async () => {
    const statuses = await statusesOf(cast, (headers) => listRoute(request(`/api/v1/organiser/events?organisation=${orgId}`, { headers }), params({})));
    expect(statuses).toEqual(expectedStatuses('events', 200));
  });

  it('POST /api/v1/organiser/events', async () => {
    const statuses = await statusesOf(cast, (headers) => create(headers));
    expect(statuses).toEqual(expectedStatuses('events', 201));
  });

  it('GET and PATCH /api/v1/organiser/events/{eventId}', async () => {
    const event = await createAs();
    expect(await statusesOf(cast, (headers) => readRoute(request(`/api/v1/organiser/events/${event.id}`, { headers }), params({ eventId: event.id })))).toEqual(
      expectedStatuses('events', 200),
    );
    expect(await statusesOf(cast, (headers) => patch(headers, event.id, { maxTicketsPerOrder: 6 }))).toEqual(expectedStatuses('events', 200));
  });

  it('POST …/publish and …/unpublish', async () => {
    const event = await publishable();
    expect(await statusesOf(cast, (headers) => publish(headers, event.id))).toEqual(expectedStatuses('events', 200));
    expect(await statusesOf(cast, (headers) => unpublish(headers, event.id))).toEqual(expectedStatuses('events', 200));
  });

  it('another organisation’s event, venue or organisation answers 404 to an owner', async () => {
    const owner = auth(cast.owner);
    expect((await readRoute(request(`/api/v1/organiser/events/${otherEventId}`, { headers: owner }), params({ eventId: otherEventId }))).status).toBe(404);
    expect((await patch(owner, otherEventId, { maxTicketsPerOrder: 2 })).status).toBe(404);
    expect((await publish(owner, otherEventId)).status).toBe(404);
    expect((await unpublish(owner, otherEventId)).status).toBe(404);
    expect((await listRoute(request(`/api/v1/organiser/events?organisation=${otherOrgId}`, { headers: owner }), params({}))).status).toBe(404);
    expect((await create(owner, { organisation: otherOrgId, venueId: otherVenueId })).status).toBe(404);
    const [other] = await t.db.select({ status: s.events.status, max: s.events.maxTicketsPerOrder }).from(s.events).where(eq(s.events.id, otherEventId));
    expect(other.max).not.toBe(2);
  });
});

describe('creating a draft', () => {
  it('stores Czech and English as written (empty stays empty), makes an ASCII slug unique, copies the organisation’s resale rules and search text', async () => {
    await t.db
      .update(s.organisations)
      .set({ resaleDefaults: { ...s.DEFAULT_RESALE_POLICY, resaleCapPercent: 115, resaleWindowHours: 6, transferEnabled: false } })
      .where(eq(s.organisations.id, orgId));
    const first = await createAs('manager', { title: { sk: 'Šťastná Žilina', en: 'Happy Zilina' } });
    const second = await createAs('manager', { title: { sk: 'Šťastná Žilina' } });
    expect(first.slug).toBe('stastna-zilina');
    expect(second.slug).toBe('stastna-zilina-2');
    expect(first.title).toEqual({ sk: 'Šťastná Žilina', cs: '', en: 'Happy Zilina' });
    expect(first.status).toBe('draft');
    expect(first.imageUrl).toBe('');
    const [row] = await t.db.select().from(s.events).where(eq(s.events.id, first.id));
    expect(row).toMatchObject({ resaleCapPercent: 115, resaleWindowHours: 6, transferEnabled: false, orgId });
    expect(row.searchText).toContain('stastna zilina');
    expect(row.searchText).toContain('fk dunaj');
    expect(row.description).toEqual({ sk: '', cs: '', en: '' });
  });

  it('lists the organisation’s events, drafts too, with venue and sold/capacity', async () => {
    const event = await createAs();
    const response = await listRoute(request(`/api/v1/organiser/events?organisation=${orgId}`, { headers: auth(cast.manager) }), params({}));
    const { events } = await response.json();
    const mine = events.find((e: { id: string }) => e.id === event.id);
    expect(mine).toMatchObject({ status: 'draft', sold: 0, capacity: 0, venue: { id: venueId } });
    expect(events.some((e: { status: string }) => e.status === 'on_sale')).toBe(true);
  });

  it.each([
    ['doors after the start', { doorsAt: inDays(31) }, 422, 'doorsAt'],
    ['an end before the start', { endsAt: inDays(29) }, 422, 'endsAt'],
    ['sales closing before they open', { saleStartsAt: inDays(10), saleEndsAt: inDays(5) }, 422, 'saleEndsAt'],
    ['another currency', { currency: 'USD' }, 422, 'currency'],
    ['a date without offset', { startsAt: '2030-01-01T18:00:00' }, 422, 'startsAt'],
    ['no title in the organisation’s language (Slovak)', { title: { sk: '', en: 'Only English' } }, 422, 'title.sk'],
    ['a reservation of 500 minutes', { reservationMinutes: 500 }, 422, 'reservationMinutes'],
    ['an unknown category', { category: 'opera' }, 422, 'category'],
    ['another organisation’s venue', { venueId: '00000000-0000-4000-8000-000000000000' }, 404, 'venueId'],
  ])('refuses %s', async (_name, overrides, status, field) => {
    const response = await create(auth(cast.owner), overrides);
    expect(response.status).toBe(status);
    const body = await response.json();
    expect(body.errors[0].field).toBe(field);
    expect(body.message).not.toMatch(/organiser\.|validation\./);
  });

  it('checks the order of dates on an edit of one of them', async () => {
    const event = await createAs();
    const response = await patch(auth(cast.owner), event.id, { doorsAt: inDays(40) });
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe('Doors must open no later than the start.');
    expect((await patch(auth(cast.owner), event.id, { venueId: otherVenueId })).status).toBe(404);
  });
});

describe('publishing', () => {
  it('refuses a draft without places, without an image or that has started, naming what is missing', async () => {
    const bare = await createAs();
    let response = await publish(auth(cast.owner), bare.id);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'NOT_READY', message: 'The event cannot be published yet: something it needs is missing.' });

    const noImage = await publishable();
    await t.db.update(s.events).set({ imageUrl: '' }).where(eq(s.events.id, noImage.id));
    response = await publish(auth(cast.owner), noImage.id);
    expect((await response.json()).errors).toEqual([{ field: 'image', message: 'An image' }]);

    const past = await publishable({ startsAt: inDays(-1), doorsAt: null, endsAt: null });
    response = await publish(auth(cast.owner), past.id);
    expect((await response.json()).errors.map((e: { field: string }) => e.field)).toEqual(['date']);
    const [row] = await t.db.select({ status: s.events.status }).from(s.events).where(eq(s.events.id, past.id));
    expect(row.status).toBe('draft');
  });

  it('a published event is on the public list; unpublished it leaves it; its sold tickets stay valid', async () => {
    const event = await publishable({ title: { sk: 'Zverejnený zápas Quokka' } });
    expect(await publicSlugs('quokka')).toEqual([]);
    const response = await publish(auth(cast.manager), event.id);
    expect(response.status).toBe(200);
    expect((await response.json()).event).toMatchObject({ status: 'on_sale', publishedAt: expect.any(String) });
    expect(await publicSlugs('quokka')).toEqual([event.slug]);

    const { ticket } = await giveTicket(t.db, cast.fan.id, event.slug);
    expect((await unpublish(auth(cast.manager), event.id)).status).toBe(200);
    expect(await publicSlugs('quokka')).toEqual([]);
    const [kept] = await t.db.select({ status: s.tickets.status }).from(s.tickets).where(eq(s.tickets.id, ticket.id));
    expect(kept.status).toBe('valid');
  });

  it('a cancelled event can be neither unpublished nor published', async () => {
    const event = await publishable();
    await t.db.update(s.events).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(s.events.id, event.id));
    expect(await (await unpublish(auth(cast.owner), event.id)).json()).toMatchObject({ code: 'EVENT_CANCELLED' });
    expect((await publish(auth(cast.owner), event.id)).status).toBe(409);
    expect((await patch(auth(cast.owner), event.id, { maxTicketsPerOrder: 3 })).status).toBe(409);
  });
});

describe('edits', () => {
  it('fans see an edit of a published event at once', async () => {
    const event = await publishable({ title: { sk: 'Pôvodný názov Wombat' } });
    await publish(auth(cast.owner), event.id);
    const read = async () => (await publicDetailRoute(request(`/api/v1/events/${event.slug}`, { headers: { 'accept-language': 'cs' } }), params({ id: event.slug }))).json();
    expect((await read()).title).toBe('Pôvodný názov Wombat');
    const response = await patch(auth(cast.owner), event.id, { title: { sk: 'Nový názov Wombat', cs: 'Nový název Wombat' }, performers: ['Kapela Numbat'] });
    expect(response.status).toBe(200);
    expect((await read()).title).toBe('Nový název Wombat');
    expect(await publicSlugs('numbat')).toEqual([event.slug]);
  });

  it('the currency and the venue change only while nothing is sold', async () => {
    const event = await publishable();
    const second = (await t.db.select().from(s.venues)).find((v) => v.orgId === orgId && v.id !== venueId);
    expect((await patch(auth(cast.owner), event.id, { currency: 'CZK' })).status).toBe(200);
    await publish(auth(cast.owner), event.id);
    await giveTicket(t.db, cast.fan.id, event.slug);
    const response = await patch(auth(cast.owner), event.id, { currency: 'EUR' });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      code: 'CURRENCY_LOCKED',
      message: 'The currency cannot change: tickets are already sold or in carts.',
      errors: [{ field: 'currency' }],
    });
    if (second) expect(await (await patch(auth(cast.owner), event.id, { venueId: second.id })).json()).toMatchObject({ code: 'VENUE_LOCKED' });
    const [row] = await t.db.select({ currency: s.events.currency }).from(s.events).where(eq(s.events.id, event.id));
    expect(row.currency).toBe('CZK');
    // Other fields still change.
    expect((await patch(auth(cast.owner), event.id, { reservationMinutes: 15 })).status).toBe(200);
  });
});

describe('the sale window', () => {
  const hold = (slug: string, ticketTypeId: string) =>
    cartItemsRoute(request(`/api/v1/events/${slug}/cart/items`, { method: 'POST', headers: auth(cast.fan), body: { ticketTypeId, quantity: 1 } }), params({ id: slug }));

  it('the cart refuses holds before sales open and after they close', async () => {
    const event = await publishable({ saleStartsAt: inDays(2) });
    await publish(auth(cast.owner), event.id);
    let response = await hold(event.slug, event.categoryId);
    expect(response.status).toBe(409);
    // Before it opens, the refusal says when (lib/server/loyalty/points.ts saleRefusal); after it closes, simply not on sale.
    const early = await response.json();
    expect(early.code).toBe('NOT_ON_SALE_YET');
    expect(early.message).toMatch(/\d{4}/);

    expect((await patch(auth(cast.owner), event.id, { saleStartsAt: inDays(-2), saleEndsAt: inDays(-1) })).status).toBe(200);
    response = await hold(event.slug, event.categoryId);
    expect((await response.json()).code).toBe('NOT_ON_SALE');

    expect((await patch(auth(cast.owner), event.id, { saleEndsAt: null })).status).toBe(200);
    response = await hold(event.slug, event.categoryId);
    expect(response.status).toBe(200);
  });

  it('the public event says when sales open', async () => {
    const event = await publishable({ saleStartsAt: inDays(3) });
    await publish(auth(cast.owner), event.id);
    const body = await (await publicDetailRoute(request(`/api/v1/events/${event.slug}`, { headers: { 'accept-language': 'en' } }), params({ id: event.slug }))).json();
    expect(Math.abs(new Date(body.saleStartsAt).getTime() - (Date.now() + 3 * 86_400_000))).toBeLessThan(60_000);
    expect(body.saleEndsAt).toBeNull();
  });
});
