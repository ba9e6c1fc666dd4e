// Wheelchair places and companion seats marked by the organiser in the venue editor (issue 18 item 5):
// GET/PUT /api/v1/organiser/venues/{venueId}/accessible-seats — the role matrix, another organisation's
// venue and another venue's seats refused, bad input answered in the caller's language; a marked seat
// is held back from a general cart and shown to fans as such, a ZŤP card holder can hold it; a seat
// already sold stays sold (its fan keeps it).
import { and, eq } from 'drizzle-orm';
import { GET as accessibleGet, PUT as accessiblePut } from '@/tests/helpers/api';
import { GET as fanAccessibleSeats } from '@/tests/helpers/api';
import { POST as holdAccessible } from '@/tests/helpers/api';
import { POST as addItems } from '@/tests/helpers/api';
import { GET as availabilityRoute } from '@/tests/helpers/api';
import * as s from '@/lib/server/db/schema';
import { accessibleSeatsResultSchema } from '@/lib/schemas/concessions';
import { accessibleSeatMarkResultSchema, venueAccessibleSeatsSchema } from '@/lib/schemas/organiser-venues';
import { answerOf } from '../helpers/contract';
import { useTestDatabase } from '../helpers/db';
import { expectedStatuses, makeCast, orgIdOfSlug, statusesOf, type Cast } from '../helpers/organiser';
import { auth, eventBySlug, makeUser, params, request, type TestUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const EVENT = 'dunaj-bratislava-fc-kosice';
let cast: Cast;
let stadiumId: string;
let arenaId: string;
let eventId: string;
/** Free seats of the stadium's match, handed out one by one so no test touches another's. */
let free: string[];

beforeAll(async () => {
  cast = await makeCast(t.db, await orgIdOfSlug(t.db, 'fk-dunaj-bratislava'));
  const [stadium] = await t.db.select({ id: s.venues.id }).from(s.venues).where(eq(s.venues.slug, 'stadion-dunaj'));
  const [arena] = await t.db.select({ id: s.venues.id }).from(s.venues).where(eq(s.venues.slug, 'arena-vltava'));
  stadiumId = stadium.id;
  arenaId = arena.id;
  eventId = (await eventBySlug(t.db, EVENT)).id;
  const units = await t.db
    .select({ seatId: s.inventoryUnits.seatId })
    .from(s.inventoryUnits)
    .where(and(eq(s.inventoryUnits.eventId, eventId), eq(s.inventoryUnits.status, 'available')))
    .limit(20);
  free = units.map((u) => u.seatId!);
}, 180_000);

const nextFree = () => free.shift()!;
const put = (venueId: string, body: unknown, headers: Record<string, string>) =>
  accessiblePut(request(`/api/v1/organiser/venues/${venueId}/accessible-seats`, { method: 'PUT', headers, body }), params({ venueId }));
const get = (venueId: string, headers: Record<string, string>) => accessibleGet(request(`/api/v1/organiser/venues/${venueId}/accessible-seats`, { headers }), params({ venueId }));
const markOf = async (seatId: string) => (await t.db.select({ kind: s.accessibleSeats.kind }).from(s.accessibleSeats).where(eq(s.accessibleSeats.seatId, seatId)))[0]?.kind ?? null;
const generalHold = (user: TestUser, seatId: string, language = 'en') =>
  addItems(request(`/api/v1/events/${EVENT}/cart/items`, { method: 'POST', headers: auth(user, { 'accept-language': language }), body: { seatIds: [seatId] } }), params({ id: EVENT }));

describe('the route answers the role matrix; another organisation’s venue is not found', () => {
  it('GET …/accessible-seats', async () => {
    expect(await statusesOf(cast, (headers) => get(stadiumId, headers))).toEqual(expectedStatuses('events', 200));
    expect((await get(arenaId, auth(cast.owner))).status).toBe(404);
  });

  it('PUT …/accessible-seats: only the organisation’s owners and managers; a refused call changes nothing', async () => {
    const seatId = nextFree();
    const calls: string[] = [];
    const statuses = await statusesOf(cast, async (headers, who) => {
      const response = await put(stadiumId, { seatIds: [seatId], kind: 'wheelchair' }, headers);
      if (response.status !== 200) expect(await markOf(seatId)).toBeNull();
      calls.push(who);
      return response;
    });
    expect(statuses).toEqual(expectedStatuses('events', 200));
    expect(calls).toHaveLength(6);
    expect(await markOf(seatId)).toBe('wheelchair');
    // The owner of this organisation marking the other club's arena: as if it did not exist.
    const [arenaSeat] = await t.db.select({ id: s.venueSeats.id }).from(s.venueSeats).where(eq(s.venueSeats.venueId, arenaId)).orderBy(s.venueSeats.id).limit(1);
    const before = await markOf(arenaSeat.id);
    const other = await put(arenaId, { seatIds: [arenaSeat.id], kind: before === 'wheelchair' ? 'companion' : 'wheelchair' }, auth(cast.owner));
    expect(other.status).toBe(404);
    expect(await markOf(arenaSeat.id)).toBe(before);
  });
});

describe('refused input is answered in the caller’s language, and nothing changes', () => {
  it('a seat of another venue (the other club’s arena) among the stadium’s: 422 SEATS_NOT_IN_VENUE', async () => {
    const own = nextFree();
    const [arenaSeat] = await t.db.select({ id: s.venueSeats.id }).from(s.venueSeats).where(eq(s.venueSeats.venueId, arenaId)).orderBy(s.venueSeats.id).limit(1);
    const before = await markOf(arenaSeat.id);
    const refused = await put(stadiumId, { seatIds: [own, arenaSeat.id], kind: before === 'companion' ? 'wheelchair' : 'companion' }, auth(cast.manager, { 'accept-language': 'sk' }));
    expect(refused.status).toBe(422);
    const body = await refused.json();
    expect(body.code).toBe('SEATS_NOT_IN_VENUE');
    expect(body.message).toBe('Niektoré sedadlo nepatrí k tomuto miestu konania. Nič sa nezmenilo.');
    expect(await markOf(own)).toBeNull();
    expect(await markOf(arenaSeat.id)).toBe(before);
    // A seat id that is no seat at all: the same.
    const unknown = await put(stadiumId, { seatIds: ['00000000-0000-4000-8000-000000000000'], kind: null }, auth(cast.owner, { 'accept-language': 'en' }));
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).message).toBe('A seat is not one of this venue’s seats. Nothing was changed.');
  });

  it.each([
    [{ seatIds: [], kind: 'wheelchair' }, 'seatIds', 'zadejte alespoň jedno sedadlo.'],
    [{ seatIds: ['not-a-uuid'], kind: 'wheelchair' }, 'seatIds.0', null],
    [{ seatIds: ['00000000-0000-4000-8000-000000000000'], kind: 'ramp' }, 'kind', 'vyberte místo pro vozíčkáře, místo pro průvodce nebo žádné označení.'],
    [{ seatIds: ['00000000-0000-4000-8000-000000000000'] }, 'kind', 'vyberte místo pro vozíčkáře, místo pro průvodce nebo žádné označení.'],
  ])('%j: 422 VALIDATION naming the field, in Czech', async (body, field, message) => {
    const response = await put(stadiumId, body, auth(cast.owner, { 'accept-language': 'cs' }));
    expect(response.status).toBe(422);
    const answer = await response.json();
    expect(answer.code).toBe('VALIDATION');
    const error = answer.errors.find((e: { field: string }) => e.field === field);
    expect(error).toBeDefined();
    if (message) expect(error.message).toContain(message);
  });
});

describe('a marked seat is held back for those who need it', () => {
  it('a wheelchair place: the fan’s map and list show it, a general cart is refused, a ZŤP card holder holds it', async () => {
    const seatId = nextFree();
    const marked = await answerOf(accessibleSeatMarkResultSchema, await put(stadiumId, { seatIds: [seatId], kind: 'wheelchair' }, auth(cast.manager)));
    expect(marked).toEqual({ ok: true, changed: 1, taken: 0 });

    const editor = await answerOf(venueAccessibleSeatsSchema, await get(stadiumId, auth(cast.manager)));
    const seat = editor.sections.flatMap((x) => x.rows.flatMap((r) => r.seats)).find((x) => x.id === seatId);
    expect(seat?.accessible).toBe('wheelchair');
    expect(editor.counts.wheelchair).toBeGreaterThanOrEqual(1);

    const fanList = await answerOf(accessibleSeatsResultSchema, await fanAccessibleSeats(request(`/api/v1/events/${EVENT}/accessible-seats`), params({ id: EVENT })));
    expect(fanList.seats.find((x) => x.seatId === seatId)).toMatchObject({ kind: 'wheelchair', free: true });
    const availability = await (await availabilityRoute(request(`/api/v1/events/${EVENT}/availability`), params({ id: EVENT }))).json();
    expect(availability.takenSeatIds).toContain(seatId);

    const general = await makeUser(t.db, 'general');
    const refused = await generalHold(general, seatId, 'sk');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'ACCESSIBLE_SEAT' });

    const holder = await makeUser(t.db, 'ztp-holder');
    const held = await holdAccessible(request(`/api/v1/events/${EVENT}/cart/accessible`, { method: 'POST', headers: auth(holder), body: { seatId, concession: 'ztp' } }), params({ id: EVENT }));
    expect(held.status).toBe(200);
    const [unit] = await t.db.select().from(s.inventoryUnits).where(and(eq(s.inventoryUnits.eventId, eventId), eq(s.inventoryUnits.seatId, seatId)));
    expect(unit.status).toBe('held');
  });

  it('a companion seat is refused to a general cart; clearing the mark makes the seat an ordinary one again', async () => {
    const seatId = nextFree();
    expect(await answerOf(accessibleSeatMarkResultSchema, await put(stadiumId, { seatIds: [seatId], kind: 'companion' }, auth(cast.owner)))).toEqual({ ok: true, changed: 1, taken: 0 });
    // The same mark again changes nothing; another kind changes it.
    expect(await answerOf(accessibleSeatMarkResultSchema, await put(stadiumId, { seatIds: [seatId], kind: 'companion' }, auth(cast.owner)))).toMatchObject({ changed: 0 });
    const fan = await makeUser(t.db, 'general-companion');
    expect((await generalHold(fan, seatId)).status).toBe(409);

    expect(await answerOf(accessibleSeatMarkResultSchema, await put(stadiumId, { seatIds: [seatId], kind: null }, auth(cast.owner)))).toEqual({ ok: true, changed: 1, taken: 0 });
    expect(await markOf(seatId)).toBeNull();
    expect((await generalHold(fan, seatId)).status).toBe(200);
  });

  it('a seat already sold, or in a fan’s live cart, stays theirs: the answer counts it, the unit is not touched', async () => {
    const sold = nextFree();
    const inCart = nextFree();
    await t.db.update(s.inventoryUnits).set({ status: 'sold' }).where(and(eq(s.inventoryUnits.eventId, eventId), eq(s.inventoryUnits.seatId, sold)));
    const fan = await makeUser(t.db, 'cart-holder');
    expect((await generalHold(fan, inCart)).status).toBe(200);

    const marked = await answerOf(accessibleSeatMarkResultSchema, await put(stadiumId, { seatIds: [sold, inCart], kind: 'wheelchair' }, auth(cast.owner)));
    expect(marked).toEqual({ ok: true, changed: 2, taken: 2 });
    const units = await t.db.select({ seatId: s.inventoryUnits.seatId, status: s.inventoryUnits.status }).from(s.inventoryUnits).where(eq(s.inventoryUnits.eventId, eventId));
    expect(units.find((u) => u.seatId === sold)?.status).toBe('sold');
    expect(units.find((u) => u.seatId === inCart)?.status).toBe('held');
    expect(await markOf(sold)).toBe('wheelchair');
  });
});
