// Issue 31 items 5 and 6. The publish checklist: GET …/publish-checklist names every missing item at once,
// and publishing refuses by the same rule (NOT_READY, one entry per item). A season's template: new
// matches are copies of it without date, sales and tickets, added to the season. The organisation's own
// language and currency: new events start in them; texts are stored as written (never copied on save)
// and an empty language is read in the organisation's language when a fan's page is read.
import { eq } from 'drizzle-orm';
import { GET, PATCH, POST, PUT } from '@/tests/helpers/api';
import * as s from '@/lib/server/db/schema';
import { useTestDatabase } from '../helpers/db';
import { makeCast, orgIdOfSlug, type Cast } from '../helpers/organiser';
import { auth, params, request, sessionFor } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
let dunaj: Cast;
let vltava: Cast;
let dunajId: string;
let vltavaId: string;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const call = (method: typeof GET, path: string, headers: Record<string, string>, body?: unknown) =>
  method(request(path, { method: body === undefined && method === GET ? 'GET' : 'POST', headers, body }), params({}));

beforeAll(async () => {
  dunajId = await orgIdOfSlug(t.db, 'fk-dunaj-bratislava');
  vltavaId = await orgIdOfSlug(t.db, 'hc-vltava-praha');
  dunaj = await makeCast(t.db, dunajId);
  vltava = await makeCast(t.db, vltavaId);
});

async function venueOf(orgId: string) {
  const [venue] = await t.db.select({ id: s.venues.id }).from(s.venues).where(eq(s.venues.orgId, orgId)).limit(1);
  return venue.id;
}

async function createEvent(cast: Cast, orgId: string, body: Record<string, unknown>) {
  return call(POST, '/api/v1/organiser/events', auth(cast.owner), { organisation: orgId, venueId: await venueOf(orgId), category: 'sport', startsAt: inDays(20), ...body });
}

const checklist = async (cast: Cast, eventId: string) =>
  (await (await call(GET, `/api/v1/organiser/events/${eventId}/publish-checklist`, auth(cast.owner))).json()).checklist as { ready: boolean; items: { item: string; done: boolean }[] };

describe('the organisation’s language and currency', () => {
  it('a Prague club’s event starts in CZK and needs its title in Czech, not Slovak', async () => {
    const [org] = await t.db.select({ language: s.organisations.language, currency: s.organisations.currency }).from(s.organisations).where(eq(s.organisations.id, vltavaId));
    expect(org).toEqual({ language: 'cs', currency: 'CZK' });
    const slovakOnly = await createEvent(vltava, vltavaId, { title: { sk: 'Zápas po slovensky' } });
    expect(slovakOnly.status).toBe(422);
    expect((await slovakOnly.json()).errors[0].field).toBe('title.cs');
    const created = await createEvent(vltava, vltavaId, { title: { cs: 'Vltava – Kometa: derby' } });
    expect(created.status).toBe(201);
    const { event } = await created.json();
    expect(event.currency).toBe('CZK');
    expect(event.slug).toBe('vltava-kometa-derby');
    expect(event.title).toEqual({ sk: '', cs: 'Vltava – Kometa: derby', en: '' });
  });

  it('settings change the language and currency; another organisation cannot', async () => {
    const path = `/api/v1/organiser/organisations/${dunajId}/settings`;
    const changed = await PATCH(request(path, { method: 'PATCH', headers: auth(dunaj.owner), body: { language: 'en', currency: 'CZK' } }), params({}));
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ language: 'en', currency: 'CZK' });
    expect((await PATCH(request(path, { method: 'PATCH', headers: auth(dunaj.owner), body: { language: 'de' } }), params({}))).status).toBe(422);
    expect((await PATCH(request(path, { method: 'PATCH', headers: auth(vltava.owner), body: { language: 'cs' } }), params({}))).status).toBe(404);
    await PATCH(request(path, { method: 'PATCH', headers: auth(dunaj.owner), body: { language: 'sk', currency: 'EUR' } }), params({}));
  });

  it('an empty language is not copied on save and is read in the organisation’s language, following its edits', async () => {
    const created = await createEvent(vltava, vltavaId, { title: { cs: 'Hokejový večer Axolotl', en: 'Hockey night Axolotl' }, summary: { cs: 'Souhrn' } });
    const { event } = await created.json();
    const [stored] = await t.db.select({ title: s.events.title, summary: s.events.summary }).from(s.events).where(eq(s.events.id, event.id));
    expect(stored.title).toEqual({ sk: '', cs: 'Hokejový večer Axolotl', en: 'Hockey night Axolotl' });
    expect(stored.summary).toEqual({ sk: '', cs: 'Souhrn', en: '' });

    await call(POST, `/api/v1/organiser/events/${event.id}/price-categories`, auth(vltava.owner), { name: { cs: 'Stání' }, kind: 'standing', priceAmount: 25000, capacity: 20 });
    await t.db.update(s.events).set({ imageUrl: '/images/demo/stadium.webp' }).where(eq(s.events.id, event.id));
    expect((await call(POST, `/api/v1/organiser/events/${event.id}/publish`, auth(vltava.owner), {})).status).toBe(200);
    const read = async (locale: string) => (await (await GET(request(`/api/v1/events/${event.slug}`, { headers: { 'accept-language': locale } }), params({}))).json()) as { title: string; summary: string; ticketTypes: { name: string }[] };
    expect((await read('sk')).title).toBe('Hokejový večer Axolotl');
    expect((await read('en')).title).toBe('Hockey night Axolotl');
    expect((await read('en')).summary).toBe('Souhrn');
    expect((await read('sk')).ticketTypes[0].name).toBe('Stání');

    const edited = await PATCH(request(`/api/v1/organiser/events/${event.id}`, { method: 'PATCH', headers: auth(vltava.owner), body: { title: { cs: 'Hokejový večer Axolotl II', en: '' } } }), params({}));
    expect(edited.status).toBe(200);
    expect((await read('sk')).title).toBe('Hokejový večer Axolotl II');
    expect((await read('en')).title).toBe('Hokejový večer Axolotl II');
    const [after] = await t.db.select({ title: s.events.title }).from(s.events).where(eq(s.events.id, event.id));
    expect(after.title).toEqual({ sk: '', cs: 'Hokejový večer Axolotl II', en: '' });
  });
});

describe('the publish checklist', () => {
  it('names every missing item at once, and publishing refuses by the same rule', async () => {
    const { event } = await (await createEvent(dunaj, dunajId, { title: { sk: 'Kontrolný zápas Kapybara' }, saleEndsAt: inDays(10), startsAt: inDays(20) })).json();
    // Sales closed already, no categories, no image.
    await t.db.update(s.events).set({ saleStartsAt: new Date(Date.now() - 5 * 86_400_000), saleEndsAt: new Date(Date.now() - 86_400_000) }).where(eq(s.events.id, event.id));
    const list = await checklist(dunaj, event.id);
    expect(list.ready).toBe(false);
    expect(list.items.filter((i) => !i.done).map((i) => i.item)).toEqual(['prices', 'image', 'saleWindow']);
    const refused = await call(POST, `/api/v1/organiser/events/${event.id}/publish`, auth(dunaj.owner), {});
    expect(refused.status).toBe(409);
    const body = await refused.json();
    expect(body.code).toBe('NOT_READY');
    expect(body.errors.map((e: { field: string }) => e.field)).toEqual(['prices', 'image', 'saleWindow']);
    const [row] = await t.db.select({ status: s.events.status }).from(s.events).where(eq(s.events.id, event.id));
    expect(row.status).toBe('draft');
    expect((await call(GET, `/api/v1/organiser/events/${event.id}/publish-checklist`, auth(vltava.owner))).status).toBe(404);
    expect((await call(GET, `/api/v1/organiser/events/${event.id}/publish-checklist`, auth(dunaj.scanner))).status).toBe(403);
  });
});

describe('a season’s template', () => {
  it('a new match from the template copies categories, prices, concessions, resale rules and image, not date, sales or tickets, and joins the season', async () => {
    const [season] = await t.db.select().from(s.seasons).where(eq(s.seasons.orgId, dunajId)).limit(1);
    const matches = await t.db.select().from(s.events).where(eq(s.events.seasonId, season.id));
    const template = matches.find((m) => m.startsAt > new Date()) ?? matches[0];
    const seasonPath = `/api/v1/organiser/seasons/${season.id}`;
    expect((await call(POST, `${seasonPath}/matches/from-template`, auth(dunaj.manager), { startsAt: inDays(60) })).status).toBe(409);
    const [outsider] = await t.db.select({ id: s.events.id }).from(s.events).where(eq(s.events.orgId, vltavaId)).limit(1);
    expect((await PUT(request(`${seasonPath}/template`, { method: 'PUT', headers: auth(dunaj.manager), body: { eventId: outsider.id } }), params({}))).status).toBe(422);
    const chosen = await PUT(request(`${seasonPath}/template`, { method: 'PUT', headers: auth(dunaj.manager), body: { eventId: template.id } }), params({}));
    expect(chosen.status).toBe(200);
    expect((await chosen.json()).season.templateEventId).toBe(template.id);

    const startsAt = inDays(90);
    const made = await call(POST, `${seasonPath}/matches/from-template`, auth(dunaj.manager), { startsAt });
    expect(made.status).toBe(201);
    const answer = await made.json();
    const [copy] = await t.db.select().from(s.events).where(eq(s.events.id, answer.eventId));
    expect(copy).toMatchObject({ status: 'draft', seasonId: season.id, venueId: template.venueId, imageUrl: template.imageUrl, title: template.title, resaleEnabled: template.resaleEnabled, resaleCapPercent: template.resaleCapPercent });
    expect(copy.startsAt.toISOString()).toBe(startsAt);
    expect(copy).toMatchObject({ saleStartsAt: null, saleEndsAt: null, prioritySaleStartsAt: null });
    const types = (id: string) => t.db.select({ code: s.ticketTypes.code, price: s.ticketTypes.priceAmount }).from(s.ticketTypes).where(eq(s.ticketTypes.eventId, id));
    const sortByCode = (rows: { code: string; price: number }[]) => [...rows].sort((a, b) => a.code.localeCompare(b.code));
    expect(sortByCode(await types(copy.id))).toEqual(sortByCode(await types(template.id)));
    const concessions = async (id: string) =>
      (await t.db.select({ kind: s.ticketTypeConcessions.kind }).from(s.ticketTypeConcessions).innerJoin(s.ticketTypes, eq(s.ticketTypes.id, s.ticketTypeConcessions.ticketTypeId)).where(eq(s.ticketTypes.eventId, id))).length;
    expect(await concessions(copy.id)).toBe(await concessions(template.id));
    // No orders of its own: only the season holders' tickets, issued as for any added match.
    expect(await t.db.$count(s.orders, eq(s.orders.eventId, copy.id))).toBe(0);
    expect(answer.season.matches.some((m: { id: string }) => m.id === copy.id)).toBe(true);
    // A holder's ticket for the new match waits unseen while it is a draft (its title and date are not
    // public yet), and shows in Your tickets once it is published.
    const [issued] = await t.db.select({ ownerId: s.tickets.ownerId }).from(s.tickets).where(eq(s.tickets.eventId, copy.id)).limit(1);
    expect(issued).toBeTruthy();
    const holder = { token: await sessionFor(t.db, issued.ownerId) };
    const holderSees = async () =>
      ((await (await call(GET, '/api/v1/tickets', auth(holder))).json()).tickets as { event: { id: string } }[]).some((x) => x.event.id === copy.id);
    expect(await holderSees()).toBe(false);
    await t.db.update(s.events).set({ status: 'on_sale', publishedAt: new Date() }).where(eq(s.events.id, copy.id));
    expect(await holderSees()).toBe(true);
    // Taken back to draft after publishing, the holder keeps seeing the ticket they already had.
    await t.db.update(s.events).set({ status: 'draft' }).where(eq(s.events.id, copy.id));
    expect(await holderSees()).toBe(true);
    expect((await call(POST, `${seasonPath}/matches/from-template`, auth(vltava.owner), { startsAt })).status).toBe(404);
    expect((await call(POST, `${seasonPath}/matches/from-template`, auth(dunaj.manager), { startsAt: inDays(-1) })).status).toBe(422);
  });
});
