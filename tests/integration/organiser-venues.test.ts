import { and, eq, inArray, sql } from 'drizzle-orm';
import { GET as venuesGet, POST as venuesPost } from '@/tests/helpers/api';
import { GET as venueGet, PATCH as venuePatch } from '@/tests/helpers/api';
import { PUT as layoutPut } from '@/tests/helpers/api';
import { POST as sectionsPost } from '@/tests/helpers/api';
import { DELETE as sectionDelete, PATCH as sectionPatch } from '@/tests/helpers/api';
import { GET as eventSeatsGet } from '@/tests/helpers/api';
import { POST as seatBlocksPost } from '@/tests/helpers/api';
import { GET as eventDetailGet } from '@/tests/helpers/api';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { addToCart } from '@/lib/server/cart';
import { checkout } from '@/lib/server/orders/checkout';
import { addSection } from '@/lib/server/venues/layout';
import { RETIRED_SECTION_CODE } from '@/lib/server/venues/retired-section';
import { venueDetailSchema, type VenueLayoutInput } from '@/lib/schemas/organiser-venues';
import { fromLayout, moveBlock, newBlock, outlinePreset, rotateBlock, toLayout, type LayoutJson } from '@/lib/seats/venue-editor';
import { useTestDatabase } from '../helpers/db';
import { expectedStatuses, makeCast, orgIdOfSlug, statusesOf, type Cast } from '../helpers/organiser';
import { auth, eventBySlug, makeUser, params, request } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const STADIUM_EVENT = 'dunaj-bratislava-fc-kosice';
/** Played at the same stadium: the demo sold a seat of its category B at random (seed/tickets.ts). */
const PAST_STADIUM_EVENT = 'dunaj-bratislava-slovan-liberec';
let orgId: string;
let cast: Cast;
let stadiumId: string;
let hallOfOtherOrg: string;

async function venueIdOf(slug: string) {
  const [venue] = await t.db.select({ id: s.venues.id }).from(s.venues).where(eq(s.venues.slug, slug));
  return venue.id;
}

beforeAll(async () => {
  orgId = await orgIdOfSlug(t.db, 'fk-dunaj-bratislava');
  cast = await makeCast(t.db, orgId);
  stadiumId = await venueIdOf('stadion-dunaj');
  hallOfOtherOrg = await venueIdOf('hangar-kosice');
}, 180_000);

const json = async (response: Response) => response.json();

function putLayout(venueId: string, text: string, headers: Record<string, string>) {
  return layoutPut(new Request(`http://localhost/api/v1/organiser/venues/${venueId}/layout`, { method: 'PUT', headers, body: text }), params({ venueId }));
}

async function newVenue(name = 'Test hall'): Promise<string> {
  const response = await venuesPost(
    request('/api/v1/organiser/venues', { method: 'POST', headers: auth(cast.owner), body: { organisation: orgId, name, address: 'Street 1', city: 'Trnava', country: 'SK', mapWidth: 600, mapHeight: 400 } }),
    params({}),
  );
  expect(response.status).toBe(201);
  return (await json(response)).id;
}

async function venueOf(venueId: string) {
  const response = await venueGet(request(`/api/v1/organiser/venues/${venueId}`, { headers: auth(cast.owner) }), params({ venueId }));
  expect(response.status).toBe(200);
  return venueDetailSchema.parse(await json(response));
}

const smallLayout = (): VenueLayoutInput => ({
  width: 600,
  height: 400,
  outline: [{ kind: 'rect', x: 200, y: 20, width: 200, height: 60, label: { sk: 'Pódium', cs: 'Pódium', en: 'Stage' } }],
  sections: [
    {
      code: 'P',
      name: { sk: 'Parter', cs: 'Přízemí', en: 'Stalls' },
      kind: 'seated',
      labelX: 300,
      labelY: 150,
      rows: [
        { label: '1', seats: [{ label: '1', x: 250, y: 120 }, { label: '2', x: 262, y: 120 }, { label: '3', x: 274, y: 120 }] },
        { label: '2', seats: [{ label: '1', x: 250, y: 132 }, { label: '2', x: 262, y: 132 }, { label: '3', x: 274, y: 132 }] },
      ],
    },
    { code: 'GA', name: { sk: 'Státie', cs: 'Stání', en: 'Standing' }, kind: 'standing', capacity: 150, rows: [] },
  ],
});

async function seatIdsOf(venueId: string) {
  const rows = rowsOf<{ id: string; code: string; row: string; label: string }>(
    await t.db.execute(sql`select vs.id, s.code, r.label as row, vs.label from venue_seats vs join venue_sections s on s.id = vs.section_id join venue_rows r on r.id = vs.row_id where vs.venue_id = ${venueId}`),
  );
  return new Map(rows.map((r) => [`${r.code}/${r.row}/${r.label}`, r.id]));
}

async function unitOf(eventId: string, seatId: string) {
  const [unit] = await t.db.select().from(s.inventoryUnits).where(and(eq(s.inventoryUnits.eventId, eventId), eq(s.inventoryUnits.seatId, seatId)));
  return unit;
}

describe('every venue route answers the role matrix; another organisation’s venue is not found', () => {
  it('GET and POST /api/v1/organiser/venues', async () => {
    expect(await statusesOf(cast, (headers) => venuesGet(request(`/api/v1/organiser/venues?organisation=${orgId}`, { headers }), params({})))).toEqual(expectedStatuses('events', 200));
    const body = { organisation: orgId, name: 'Matrix hall', address: 'Street 2', city: 'Nitra', country: 'SK' };
    expect(await statusesOf(cast, (headers) => venuesPost(request('/api/v1/organiser/venues', { method: 'POST', headers, body }), params({})))).toEqual(expectedStatuses('events', 201));
    const list = await json(await venuesGet(request(`/api/v1/organiser/venues?organisation=${orgId}`, { headers: auth(cast.manager) }), params({})));
    const stadium = list.venues.find((v: { id: string }) => v.id === stadiumId);
    expect(stadium).toMatchObject({ name: 'Štadión Dunaj', sections: 8, seats: 1040 });
    expect(stadium.events).toBeGreaterThanOrEqual(1);
    // Only this organisation's venues: the promoter's hall is not listed.
    expect(list.venues.some((v: { id: string }) => v.id === hallOfOtherOrg)).toBe(false);
    expect(list.venues.filter((v: { name: string }) => v.name === 'Matrix hall')).toHaveLength(2);
  });

  it('GET and PATCH /api/v1/organiser/venues/{venueId}', async () => {
    expect(await statusesOf(cast, (headers) => venueGet(request(`/api/v1/organiser/venues/${stadiumId}`, { headers }), params({ venueId: stadiumId })))).toEqual(expectedStatuses('events', 200));
    const venueId = await newVenue('Patch hall');
    expect(
      await statusesOf(cast, (headers, who) => venuePatch(request(`/api/v1/organiser/venues/${venueId}`, { method: 'PATCH', headers, body: { city: `City of ${who}` } }), params({ venueId }))),
    ).toEqual(expectedStatuses('events', 200));
    expect((await venueOf(venueId)).city).toBe('City of owner');
    // The owner of this organisation asking for the promoter's hall: as if it did not exist.
    const other = await venueGet(request(`/api/v1/organiser/venues/${hallOfOtherOrg}`, { headers: auth(cast.owner) }), params({ venueId: hallOfOtherOrg }));
    expect(other.status).toBe(404);
    expect(await json(other)).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('PUT …/layout, POST …/sections, PATCH and DELETE …/sections/{sectionId}', async () => {
    const venueId = await newVenue('Matrix layout');
    const text = JSON.stringify(smallLayout());
    expect(await statusesOf(cast, (headers) => putLayout(venueId, text, headers))).toEqual(expectedStatuses('events', 200));
    const section = (code: string) => ({ code, name: { sk: code, cs: code, en: code }, rows: 2, seatsPerRow: 2, originX: 40, originY: 200 });
    expect(
      await statusesOf(cast, (headers, who) => sectionsPost(request(`/api/v1/organiser/venues/${venueId}/sections`, { method: 'POST', headers, body: section(`N-${who}`.slice(0, 16)) }), params({ venueId }))),
    ).toEqual(expectedStatuses('events', 201));
    const { sections } = await venueOf(venueId);
    const p = sections.find((x) => x.code === 'P')!;
    expect(
      await statusesOf(cast, (headers) =>
        sectionPatch(request(`/api/v1/organiser/venues/${venueId}/sections/${p.id}`, { method: 'PATCH', headers, body: { moveX: 1 } }), params({ venueId, sectionId: p.id })),
      ),
    ).toEqual(expectedStatuses('events', 200));
    // Each caller deletes a section of its own: the allowed ones succeed, the others change nothing.
    expect(
      await statusesOf(cast, async (headers, who) => {
        const added = await addSection(cast.owner.id, venueId, { code: `D-${who}`.slice(0, 16), name: { sk: 'x', cs: 'x', en: 'x' }, rows: 1, seatsPerRow: 1 });
        if (!added.ok) throw new Error(added.code);
        return sectionDelete(request(`/api/v1/organiser/venues/${venueId}/sections/${added.sectionId}`, { method: 'DELETE', headers }), params({ venueId, sectionId: added.sectionId }));
      }),
    ).toEqual(expectedStatuses('events', 200));
    // The stranger's own venue id does not open this organisation's sections, and the reverse.
    const hall = await venueOf(stadiumId);
    const foreign = await sectionDelete(request(`/api/v1/organiser/venues/${venueId}/sections/${hall.sections[0].id}`, { method: 'DELETE', headers: auth(cast.owner) }), params({ venueId, sectionId: hall.sections[0].id }));
    expect(foreign.status).toBe(404);
    expect((await putLayout(hallOfOtherOrg, text, auth(cast.owner))).status).toBe(404);
  });

  it('GET …/events/{eventId}/seats and POST …/seat-blocks', async () => {
    const event = await eventBySlug(t.db, STADIUM_EVENT);
    expect(await statusesOf(cast, (headers) => eventSeatsGet(request(`/api/v1/organiser/events/${event.id}/seats`, { headers }), params({ eventId: event.id })))).toEqual(expectedStatuses('events', 200));
    const [free] = await t.db.select().from(s.inventoryUnits).where(and(eq(s.inventoryUnits.eventId, event.id), eq(s.inventoryUnits.status, 'available'))).limit(1);
    expect(
      await statusesOf(cast, (headers) =>
        seatBlocksPost(request(`/api/v1/organiser/events/${event.id}/seat-blocks`, { method: 'POST', headers, body: { seatIds: [free.seatId], action: 'block' } }), params({ eventId: event.id })),
      ),
    ).toEqual(expectedStatuses('events', 200));
    await seatBlocksPost(request(`/api/v1/organiser/events/${event.id}/seat-blocks`, { method: 'POST', headers: auth(cast.owner), body: { seatIds: [free.seatId], action: 'release' } }), params({ eventId: event.id }));
  });
});

describe('the layout JSON', () => {
  it('a file creates sections, rows and seats with their positions, and GET answers it back', async () => {
    const venueId = await newVenue('Import hall');
    const text = JSON.stringify(smallLayout(), null, 2);
    const response = await putLayout(venueId, text, auth(cast.manager));
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ ok: true, sections: 2, seats: { added: 6, kept: 0, removed: 0, retired: 0 } });
    const seats = await t.db.select().from(s.venueSeats).where(eq(s.venueSeats.venueId, venueId));
    expect(seats.map((x) => [x.label, x.x, x.y]).sort()).toEqual(
      [['1', 250, 120], ['2', 262, 120], ['3', 274, 120], ['1', 250, 132], ['2', 262, 132], ['3', 274, 132]].sort(),
    );
    const venue = await venueOf(venueId);
    expect(venue.layout).toEqual(smallLayout());
    expect(venue.sections.map((x) => [x.code, x.kind, x.seats, x.capacity])).toEqual([
      ['P', 'seated', 6, null],
      ['GA', 'standing', 0, 150],
    ]);
  });

  it('a file that is not JSON answers 422 with the line and column', async () => {
    const venueId = await newVenue('Broken hall');
    const text = '{\n  "width": 600,\n  "height": 400\n  "sections": []\n}';
    const response = await putLayout(venueId, text, auth(cast.owner));
    expect(response.status).toBe(422);
    const body = await json(response);
    expect(body.code).toBe('LAYOUT_JSON_SYNTAX');
    expect(body.message).toBe('The file is not valid JSON: line 4, column 3.');
  });

  it('a value that is not allowed answers 422 naming its path and its line in the file', async () => {
    const venueId = await newVenue('Invalid hall');
    const layout = smallLayout() as unknown as { sections: { rows: { seats: { x: unknown }[] }[] }[] };
    layout.sections[0].rows[1].seats[2].x = 'left';
    const text = JSON.stringify(layout, null, 2);
    const line = text.split('\n').findIndex((l) => l.includes('"left"')) + 1;
    const response = await putLayout(venueId, text, auth(cast.owner));
    expect(response.status).toBe(422);
    const body = await json(response);
    expect(body.code).toBe('LAYOUT_INVALID');
    expect(body.errors).toEqual([{ field: 'sections[0].rows[1].seats[2].x', message: `Line ${line}: sections[0].rows[1].seats[2].x: must be a number.` }]);
    expect(body.message).toBe(`The layout has 1 error. Line ${line}: sections[0].rows[1].seats[2].x: must be a number.`);
    // In Slovak, too; and duplicates are named where the second one stands.
    const twice = smallLayout();
    twice.sections[1].code = 'P';
    const sk = await putLayout(venueId, JSON.stringify(twice, null, 2), auth(cast.owner, { 'accept-language': 'sk' }));
    const skBody = await json(sk);
    expect(skBody.errors[0]).toMatchObject({ field: 'sections[1].code' });
    expect(skBody.errors[0].message).toMatch(/^Riadok \d+: sections\[1\]\.code: tento kód sektora je použitý dvakrát\.$/);
    expect(await t.db.select().from(s.venueSections).where(eq(s.venueSections.venueId, venueId))).toEqual([]);
  });

  it('replacing a layout keeps seat ids and sold units, adds and removes the rest; a sold seat cannot go (409, how many)', async () => {
    const event = await eventBySlug(t.db, STADIUM_EVENT);
    const before = await seatIdsOf(stadiumId);
    const soldSeat = before.get('A1/1/1')!;
    const fan = await makeUser(t.db);
    const unit = await unitOf(event.id, soldSeat);
    // Sold to a fan — unless the demo seed sold it already (its tickets take category A's units in the random
    // `spread` order, so now and then this very seat).
    if (unit.status !== 'sold') {
      await t.db.update(s.inventoryUnits).set({ status: 'sold' }).where(eq(s.inventoryUnits.id, unit.id));
      await t.db.insert(s.tickets).values({ eventId: event.id, unitId: unit.id, ticketTypeId: unit.ticketTypeId, ownerId: fan.id, priceAmount: 2500, secret: 'x'.repeat(43), version: 1 });
    }

    const { layout } = await venueOf(stadiumId);
    const edited = structuredClone(layout) as VenueLayoutInput;
    const a1 = edited.sections.find((x) => x.code === 'A1')!;
    a1.rows![0].seats[0].x += 1; // the sold seat moves a little
    const d2 = edited.sections.find((x) => x.code === 'D2')!;
    const gone = d2.rows!.at(-1)!.seats.pop()!; // an unsold seat leaves
    d2.rows!.at(-1)!.seats.push({ label: '99', x: gone.x, y: gone.y }); // and another comes
    const response = await putLayout(stadiumId, JSON.stringify(edited), auth(cast.owner));
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ seats: { added: 1, removed: 1, retired: 0, kept: 1039 } });

    const after = await seatIdsOf(stadiumId);
    expect(after.get('A1/1/1')).toBe(soldSeat);
    expect(await unitOf(event.id, soldSeat)).toMatchObject({ id: unit.id, status: 'sold' });
    expect(after.has(`D2/${d2.rows!.at(-1)!.label}/${gone.label}`)).toBe(false);
    const added = after.get(`D2/${d2.rows!.at(-1)!.label}/99`)!;
    expect(await unitOf(event.id, added)).toMatchObject({ status: 'available' });
    const [moved] = await t.db.select().from(s.venueSeats).where(eq(s.venueSeats.id, soldSeat));
    expect(moved.x).toBe(a1.rows![0].seats[0].x);

    // Taking the sold seat away is refused, and nothing changes.
    const without = structuredClone(edited);
    without.sections.find((x) => x.code === 'A1')!.rows![0].seats.shift();
    const refused = await putLayout(stadiumId, JSON.stringify(without), auth(cast.owner));
    expect(refused.status).toBe(409);
    const body = await json(refused);
    expect(body.code).toBe('UNITS_TAKEN');
    // The count is of every coming match at the stadium: the demo's random sales sometimes took this seat at
    // another match too (then 2 tickets).
    const [{ n: taken }] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from inventory_units u join events e on e.id = u.event_id
        where u.seat_id = ${soldSeat} and u.status in ('sold', 'held') and e.status <> 'cancelled' and coalesce(e.ends_at, e.starts_at) > now()`),
    );
    expect(taken).toBeGreaterThanOrEqual(1);
    expect(body.message).toBe(taken === 1 ? '1 ticket is already sold or in carts in what you are removing.' : `${taken} tickets are already sold or in carts in what you are removing.`);
    expect((await seatIdsOf(stadiumId)).get('A1/1/1')).toBe(soldSeat);
    expect(await unitOf(event.id, soldSeat)).toMatchObject({ status: 'sold' });

    // Nor can its whole section be deleted.
    const { sections } = await venueOf(stadiumId);
    const sectionA1 = sections.find((x) => x.code === 'A1')!;
    expect(sectionA1.sold).toBeGreaterThanOrEqual(1);
    const del = await sectionDelete(request(`/api/v1/organiser/venues/${stadiumId}/sections/${sectionA1.id}`, { method: 'DELETE', headers: auth(cast.owner) }), params({ venueId: stadiumId, sectionId: sectionA1.id }));
    expect(del.status).toBe(409);
  });

  it('a venue shared with another organisation: a seat that organisation sold or has in a cart cannot go (409), nor its section', async () => {
    // The Lowlands (Pulz Live) plays FK Dunaj's stadium: Dunaj edits the layout, Pulz Live's fans have the seats.
    const concert = await eventBySlug(t.db, 'the-lowlands-bratislava');
    expect(concert.orgId).not.toBe(orgId);
    const units = rowsOf<{ id: string; seat_id: string; code: string; row: string; label: string; ticket_type_id: string }>(
      await t.db.execute(sql`select u.id, u.seat_id, s.code, r.label as row, vs.label, u.ticket_type_id from inventory_units u
        join venue_seats vs on vs.id = u.seat_id join venue_sections s on s.id = vs.section_id join venue_rows r on r.id = vs.row_id
        where u.event_id = ${concert.id} and u.status = 'available' and s.code <> 'A1' order by s.code, r.sort_order, vs.sort_order limit 2`),
    );
    expect(units).toHaveLength(2);
    const [sold, held] = units;
    const fan = await makeUser(t.db);
    await t.db.update(s.inventoryUnits).set({ status: 'sold' }).where(eq(s.inventoryUnits.id, sold.id));
    await t.db.insert(s.tickets).values({ eventId: concert.id, unitId: sold.id, ticketTypeId: sold.ticket_type_id, ownerId: fan.id, priceAmount: 5000, secret: 'y'.repeat(43), version: 1 });
    const cart = await addToCart({ user: await makeUser(t.db), eventRef: 'the-lowlands-bratislava', selection: { seatIds: [held.seat_id] }, locale: 'en' });
    expect(cart.ok).toBe(true);

    for (const unit of [sold, held]) {
      const { layout } = await venueOf(stadiumId);
      const edited = structuredClone(layout) as VenueLayoutInput;
      const row = edited.sections.find((x) => x.code === unit.code)!.rows!.find((r) => r.label === unit.row)!;
      row.seats = row.seats.filter((x) => x.label !== unit.label);
      const refused = await putLayout(stadiumId, JSON.stringify(edited), auth(cast.owner));
      expect(refused.status).toBe(409);
      expect((await json(refused)).code).toBe('UNITS_TAKEN');
      expect((await seatIdsOf(stadiumId)).get(`${unit.code}/${unit.row}/${unit.label}`)).toBe(unit.seat_id);
    }
    expect(await unitOf(concert.id, sold.seat_id)).toMatchObject({ id: sold.id, status: 'sold' });
    expect(await unitOf(concert.id, held.seat_id)).toMatchObject({ id: held.id, status: 'held' });

    const { sections } = await venueOf(stadiumId);
    const section = sections.find((x) => x.code === sold.code)!;
    const del = await sectionDelete(request(`/api/v1/organiser/venues/${stadiumId}/sections/${section.id}`, { method: 'DELETE', headers: auth(cast.owner) }), params({ venueId: stadiumId, sectionId: section.id }));
    expect(del.status).toBe(409);
    expect((await json(del)).code).toBe('UNITS_TAKEN');
    expect(await unitOf(concert.id, sold.seat_id)).toMatchObject({ id: sold.id, status: 'sold' });
  });

  it('a removed seat that an old order names stays (hidden, its unit blocked); a fresh one is deleted', async () => {
    const event = await eventBySlug(t.db, STADIUM_EVENT);
    const seats = await seatIdsOf(stadiumId);
    const remembered = seats.get('B2/10/16')!;
    const fan = await makeUser(t.db);
    const held = await addToCart({ user: fan, eventRef: STADIUM_EVENT, selection: { seatIds: [remembered] }, locale: 'en' });
    expect(held.ok).toBe(true);
    const urls = { success: (id: string) => `http://x/orders/${id}`, cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` };
    const order = await checkout({ user: fan, eventRef: STADIUM_EVENT, locale: 'en', urls });
    expect(order.ok).toBe(true);
    // The fan walked away: the cart ran out, the order never got paid.
    await t.db.update(s.inventoryUnits).set({ heldUntil: new Date(Date.now() - 60_000) }).where(and(eq(s.inventoryUnits.eventId, event.id), eq(s.inventoryUnits.seatId, remembered)));

    // The demo's one sale of category B at the past match takes a seat at random, sometimes one of this row:
    // here it took seat 15. The fresh seat is one of the row that no event's unit is sold, held or ordered on.
    const past = await eventBySlug(t.db, PAST_STADIUM_EVENT);
    await t.db.update(s.inventoryUnits).set({ status: 'sold' }).where(and(eq(s.inventoryUnits.eventId, past.id), eq(s.inventoryUnits.seatId, seats.get('B2/10/15')!)));
    const [fresh] = rowsOf<{ label: string }>(
      await t.db.execute(sql`select vs.label from venue_seats vs join venue_rows r on r.id = vs.row_id join venue_sections sec on sec.id = vs.section_id
        where sec.venue_id = ${stadiumId}::uuid and sec.code = 'B2' and r.label = '10' and vs.id <> ${remembered}::uuid
          and not exists (select 1 from inventory_units u where u.seat_id = vs.id and (u.status <> 'available'
            or exists (select 1 from tickets tk where tk.unit_id = u.id) or exists (select 1 from order_items oi where oi.unit_id = u.id)))
        order by vs.sort_order desc limit 1`),
    );
    expect(fresh.label).not.toBe('15');

    const { layout } = await venueOf(stadiumId);
    const edited = structuredClone(layout) as VenueLayoutInput;
    const row10 = edited.sections.find((x) => x.code === 'B2')!.rows!.find((r) => r.label === '10')!;
    row10.seats = row10.seats.filter((x) => x.label !== '16' && x.label !== fresh.label);
    const response = await putLayout(stadiumId, JSON.stringify(edited), auth(cast.owner));
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ seats: { removed: 1, retired: 1 } });

    const [kept] = await t.db.select().from(s.venueSeats).where(eq(s.venueSeats.id, remembered));
    expect(kept).toBeDefined();
    const [hidden] = await t.db.select().from(s.venueSections).where(eq(s.venueSections.id, kept.sectionId));
    expect(hidden.code).toBe(RETIRED_SECTION_CODE);
    expect(await unitOf(event.id, remembered)).toMatchObject({ status: 'blocked' });
    expect((await seatIdsOf(stadiumId)).has(`B2/10/${fresh.label}`)).toBe(false);
    // Neither the organiser's layout nor the fan's map shows it.
    expect((await venueOf(stadiumId)).layout.sections.some((x) => x.code === RETIRED_SECTION_CODE)).toBe(false);
    const detail = await json(await eventDetailGet(request(`/api/v1/events/${STADIUM_EVENT}?include=seats`, { headers: { 'accept-language': 'en' } }), params({ id: STADIUM_EVENT })));
    const mapSeats = detail.layout.sections.flatMap((x: { rows: { seats: { id: string }[] }[] }) => x.rows.flatMap((r) => r.seats.map((seat) => seat.id)));
    expect(mapSeats).not.toContain(remembered);
    expect(detail.layout.sections.some((x: { code: string }) => x.code === RETIRED_SECTION_CODE)).toBe(false);
  });
});

describe('the section editor', () => {
  it('adds R × S seats with server-made positions, straight or curved, and refuses a code twice', async () => {
    const venueId = await newVenue('Editor hall');
    const add = (body: Record<string, unknown>) => sectionsPost(request(`/api/v1/organiser/venues/${venueId}/sections`, { method: 'POST', headers: auth(cast.manager), body }), params({ venueId }));
    const straight = await add({ code: 'S1', name: { sk: 'Sektor 1', cs: 'Sektor 1', en: 'Block 1' }, rows: 4, seatsPerRow: 6, originX: 50, originY: 100, spacing: 14, rowOffset: 7 });
    expect(straight.status).toBe(201);
    expect(await json(straight)).toMatchObject({ ok: true, seats: { added: 24 } });
    const curved = await add({ code: 'C1', name: { sk: 'Oblúk', cs: 'Oblouk', en: 'Arc' }, rows: 3, seatsPerRow: 10, originX: 300, originY: 150, curve: 60 });
    expect(curved.status).toBe(201);
    const standing = await add({ code: 'GA', name: { sk: 'Státie', cs: 'Stání', en: 'Standing' }, kind: 'standing', capacity: 500 });
    expect(standing.status).toBe(201);
    const { layout, sections } = await venueOf(venueId);
    const s1 = layout.sections.find((x) => x.code === 'S1')!;
    expect(s1.rows).toHaveLength(4);
    expect(s1.rows.every((r) => r.seats.length === 6)).toBe(true);
    expect(s1.rows[0].seats[0]).toEqual({ label: '1', x: 50, y: 100 });
    expect(s1.rows[1].seats[0]).toEqual({ label: '1', x: 57, y: 114 });
    expect(s1.rows[0].seats[5]).toEqual({ label: '6', x: 120, y: 100 });
    const c1 = layout.sections.find((x) => x.code === 'C1')!;
    const positions = new Set(c1.rows.flatMap((r) => r.seats.map((seat) => `${seat.x},${seat.y}`)));
    expect(positions.size).toBe(30);
    // Curved: the row's ends sit higher than its middle.
    expect(c1.rows[0].seats[0].y).toBeLessThan(c1.rows[0].seats[5].y);
    expect(sections.find((x) => x.code === 'GA')).toMatchObject({ kind: 'standing', capacity: 500 });
    const again = await add({ code: 's1', name: { sk: 'x', cs: 'x', en: 'x' }, rows: 1, seatsPerRow: 1 });
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({ code: 'SECTION_CODE_TAKEN' });
    const invalid = await add({ code: 'X', name: { sk: 'x', cs: 'x', en: 'x' }, rows: 0, seatsPerRow: 5 });
    expect(invalid.status).toBe(422);
  });

  it('renames and moves a section: its seats keep their ids', async () => {
    const venueId = await newVenue('Rename hall');
    await putLayout(venueId, JSON.stringify(smallLayout()), auth(cast.owner));
    const before = await seatIdsOf(venueId);
    const { sections } = await venueOf(venueId);
    const p = sections.find((x) => x.code === 'P')!;
    const response = await sectionPatch(
      request(`/api/v1/organiser/venues/${venueId}/sections/${p.id}`, { method: 'PATCH', headers: auth(cast.owner), body: { code: 'PX', name: { sk: 'Prízemie', cs: 'Přízemí', en: 'Ground floor' }, moveX: 10, moveY: -20 } }),
      params({ venueId, sectionId: p.id }),
    );
    expect(response.status).toBe(200);
    const after = await seatIdsOf(venueId);
    expect(after.get('PX/1/1')).toBe(before.get('P/1/1'));
    const { layout } = await venueOf(venueId);
    const px = layout.sections.find((x) => x.code === 'PX')!;
    expect(px.name.en).toBe('Ground floor');
    expect(px.rows[0].seats[0]).toEqual({ label: '1', x: 260, y: 100 });
    expect(px.labelX).toBe(310);
  });
});

describe('blocking seats per event', () => {
  it('blocks a free seat so no fan can hold it, refuses a sold one, and a release makes it holdable again', async () => {
    const event = await eventBySlug(t.db, STADIUM_EVENT);
    const units = await t.db.select().from(s.inventoryUnits).where(and(eq(s.inventoryUnits.eventId, event.id), eq(s.inventoryUnits.status, 'available'))).limit(2);
    const [free, sold] = units.map((u) => u.seatId!);
    await t.db.update(s.inventoryUnits).set({ status: 'sold' }).where(and(eq(s.inventoryUnits.eventId, event.id), eq(s.inventoryUnits.seatId, sold)));
    const post = (body: unknown) => seatBlocksPost(request(`/api/v1/organiser/events/${event.id}/seat-blocks`, { method: 'POST', headers: auth(cast.manager), body }), params({ eventId: event.id }));

    const blocked = await post({ seatIds: [free, sold], action: 'block' });
    expect(blocked.status).toBe(200);
    expect(await json(blocked)).toEqual({ ok: true, changed: 1, refused: [{ seatId: sold, status: 'sold' }] });
    expect(await unitOf(event.id, free)).toMatchObject({ status: 'blocked' });
    expect(await unitOf(event.id, sold)).toMatchObject({ status: 'sold' });

    const seats = await json(await eventSeatsGet(request(`/api/v1/organiser/events/${event.id}/seats`, { headers: auth(cast.owner) }), params({ eventId: event.id })));
    const statusOf = (id: string) => seats.sections.flatMap((x: { rows: { seats: { id: string; status: string }[] }[] }) => x.rows.flatMap((r) => r.seats)).find((seat: { id: string }) => seat.id === id)?.status;
    expect(statusOf(free)).toBe('blocked');
    expect(statusOf(sold)).toBe('sold');
    expect(seats.counts.blocked).toBeGreaterThanOrEqual(1);
    expect(seats.outline[0]).toMatchObject({ kind: 'rect', label: { en: 'Pitch' } });

    const fan = await makeUser(t.db);
    const refused = await addToCart({ user: fan, eventRef: STADIUM_EVENT, selection: { seatIds: [free] }, locale: 'en' });
    expect(refused).toMatchObject({ ok: false, code: 'SEAT_TAKEN' });

    const released = await post({ seatIds: [free], action: 'release' });
    expect(await json(released)).toEqual({ ok: true, changed: 1, refused: [] });
    const held = await addToCart({ user: fan, eventRef: STADIUM_EVENT, selection: { seatIds: [free] }, locale: 'en' });
    expect(held.ok).toBe(true);
    // Held by a fan's live cart now: blocking it is refused.
    expect(await json(await post({ seatIds: [free], action: 'block' }))).toEqual({ ok: true, changed: 0, refused: [{ seatId: free, status: 'held' }] });
    const invalid = await post({ seatIds: [], action: 'block' });
    expect(invalid.status).toBe(422);
  });
});

describe('the outline on the fan’s map', () => {
  it('the public event detail carries the venue’s outline with its label in the request language', async () => {
    const detail = await json(await eventDetailGet(request(`/api/v1/events/${STADIUM_EVENT}`, { headers: { 'accept-language': 'sk' } }), params({ id: STADIUM_EVENT })));
    expect(detail.layout.outline).toEqual([{ kind: 'rect', x: 290, y: 240, width: 420, height: 240, label: 'Ihrisko' }]);
    const arena = await t.db.select({ outline: s.venues.outline }).from(s.venues).where(inArray(s.venues.slug, ['arena-vltava', 'hala-karlin']));
    expect(arena.map((v) => v.outline[0]?.label?.en).sort()).toEqual(['Rink', 'Stage']);
  });

  it('a venue’s new outline reaches the public detail', async () => {
    const response = await venuePatch(
      request(`/api/v1/organiser/venues/${stadiumId}`, {
        method: 'PATCH',
        headers: auth(cast.owner),
        body: { outline: [{ kind: 'ellipse', cx: 500, cy: 360, rx: 200, ry: 110, label: { sk: 'Trávnik', cs: 'Trávník', en: 'Lawn' } }] },
      }),
      params({ venueId: stadiumId }),
    );
    expect(response.status).toBe(200);
    const detail = await json(await eventDetailGet(request(`/api/v1/events/${STADIUM_EVENT}`, { headers: { 'accept-language': 'en' } }), params({ id: STADIUM_EVENT })));
    expect(detail.layout.outline).toEqual([{ kind: 'ellipse', cx: 500, cy: 360, rx: 200, ry: 110, label: 'Lawn' }]);
  });
});

describe('the visual editor: what it draws is what is saved (lib/seats/venue-editor.ts)', () => {
  const north = { sk: 'Sever', cs: 'Sever', en: 'North' };
  const pitch = { sk: 'Ihrisko', cs: 'Hřiště', en: 'Pitch' };

  it('a block moved, turned and added, and a pitch drawn, are saved where the editor shows them; seats keep their ids; a new block’s code is beside its seats', async () => {
    const venueId = await newVenue('Drawn hall');
    expect((await putLayout(venueId, JSON.stringify(smallLayout()), auth(cast.owner))).status).toBe(200);
    const before = await seatIdsOf(venueId);
    const { layout, sections } = await venueOf(venueId);
    const editor = fromLayout(layout as LayoutJson, new Map(sections.map((x) => [x.code, x.sold])));
    const map = { width: editor.width, height: editor.height };
    editor.blocks[0] = rotateBlock(moveBlock(editor.blocks[0], { x: 40, y: 100 }, 10, map), 90, map);
    editor.blocks.push(newBlock({ code: 'N', name: north, rows: 2, seatsPerRow: 3, curve: 0 }, { x: 450, y: 330 }, 10, map));
    editor.outline = [outlinePreset('football', map, pitch, 10)];
    const drawn = toLayout(editor);

    const response = await putLayout(venueId, JSON.stringify(drawn), auth(cast.manager));
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ seats: { added: 6, kept: 6, removed: 0 } });
    const saved = (await venueOf(venueId)).layout;
    expect(saved.outline).toEqual(drawn.outline);
    const p = saved.sections.find((x) => x.code === 'P')!;
    // P's middle (262, 126) → (300, 230) on the grid, turned 90°: its first row now stands upright.
    expect(p.rows[0].seats.map((seat) => [seat.x, seat.y])).toEqual([[306, 218], [306, 230], [306, 242]]);
    expect(saved.sections.find((x) => x.code === 'N')!.rows).toEqual(drawn.sections.find((x) => x.code === 'N')!.rows);
    const after = await seatIdsOf(venueId);
    for (const [key, id] of before) expect(after.get(key)).toBe(id);
    // The code beside the seats, not over them.
    const xs = p.rows.flatMap((r) => r.seats.map((seat) => seat.x));
    const ys = p.rows.flatMap((r) => r.seats.map((seat) => seat.y));
    const inside = p.labelX! > Math.min(...xs) - 5 && p.labelX! < Math.max(...xs) + 5 && p.labelY! > Math.min(...ys) - 5 && p.labelY! < Math.max(...ys) + 5;
    expect(inside).toBe(false);

    // The server's own "add a block" prints the code beside the seats too.
    const added = await sectionsPost(
      request(`/api/v1/organiser/venues/${venueId}/sections`, { method: 'POST', headers: auth(cast.owner), body: { code: 'S', name: north, rows: 2, seatsPerRow: 4, originX: 60, originY: 60 } }),
      params({ venueId }),
    );
    expect(added.status).toBe(201);
    const s1 = (await venueOf(venueId)).layout.sections.find((x) => x.code === 'S')!;
    expect(s1.labelY).toBeLessThan(Math.min(...s1.rows.flatMap((r) => r.seats.map((seat) => seat.y))) - 5);
  });

  it('a seat off the map is refused in the console’s language (422); a block with a sold seat can be moved and turned but not removed (409)', async () => {
    const venueId = await newVenue('Edge hall');
    const editor = fromLayout(smallLayout() as LayoutJson);
    const off = toLayout({ ...editor, width: 200 });
    const refused = await putLayout(venueId, JSON.stringify(off), auth(cast.owner, { 'accept-language': 'sk' }));
    expect(refused.status).toBe(422);
    const body = await json(refused);
    expect(body.code).toBe('LAYOUT_INVALID');
    expect(body.errors[0].message).toMatch(/sections\[0\]\.rows\[0\]\.seats\[0\]\.x: leží mimo plánu/);

    // The stadium: a seat of B1 sold at the coming match.
    const event = await eventBySlug(t.db, STADIUM_EVENT);
    const soldSeat = (await seatIdsOf(stadiumId)).get('B1/1/1')!;
    const unit = await unitOf(event.id, soldSeat);
    await t.db.update(s.inventoryUnits).set({ status: 'sold' }).where(eq(s.inventoryUnits.id, unit.id));
    const { layout, sections } = await venueOf(stadiumId);
    const stadium = fromLayout(layout as LayoutJson, new Map(sections.map((x) => [x.code, x.sold])));
    const b1 = stadium.blocks.findIndex((b) => b.code === 'B1');
    expect(stadium.blocks[b1].sold).toBeGreaterThanOrEqual(1);
    const map = { width: stadium.width, height: stadium.height };
    stadium.blocks[b1] = rotateBlock(moveBlock(stadium.blocks[b1], { x: 0, y: 10 }, 10, map), 15, map);
    const moved = await putLayout(stadiumId, JSON.stringify(toLayout(stadium)), auth(cast.owner));
    expect(moved.status).toBe(200);
    expect((await seatIdsOf(stadiumId)).get('B1/1/1')).toBe(soldSeat);
    expect(await unitOf(event.id, soldSeat)).toMatchObject({ id: unit.id, status: 'sold' });

    const without = { ...stadium, blocks: stadium.blocks.filter((b) => b.code !== 'B1') };
    const gone = await putLayout(stadiumId, JSON.stringify(toLayout(without)), auth(cast.owner));
    expect(gone.status).toBe(409);
    expect((await json(gone)).code).toBe('UNITS_TAKEN');
    expect((await seatIdsOf(stadiumId)).get('B1/1/1')).toBe(soldSeat);
  });
});
