// Concessions (issue 18 item 5) under concurrency on PostgreSQL: many ZŤP-S card holders ask for the same
// wheelchair place at once — exactly one gets it, with exactly one companion seat; many fans switching
// seats next to one free seat to ZŤP-S at once — the seat goes to one companion only. Checked in SQL.
import { and, eq, sql } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { addToCart } from '@/lib/server/cart';
import { holdAccessibleSeat } from '@/lib/server/concessions/accessible';
import { setCartConcession } from '@/lib/server/concessions/cart';
import { rowsOf } from '@/lib/server/db/client';
import { useTestDatabase } from '../helpers/db';
import { eventBySlug, makeUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const SLUG = 'vltava-praha-kometa-brno';

let eventId: string;
let venueId: string;

beforeAll(async () => {
  const event = await eventBySlug(t.db, SLUG);
  eventId = event.id;
  venueId = event.venueId;
});

it('runs on PostgreSQL', () => {
  expect(t.kind).toBe('postgres');
});

it('twenty ZŤP-S holders at once: one wheelchair place, one holder, one companion seat', async () => {
  // A wheelchair place free at the event whose row's companion seats are free too (the demo's own tickets
  // take seats of the arena at random), always the same one.
  const [place] = rowsOf<{ seatId: string }>(
    await t.db.execute(sql`
      select a.seat_id as "seatId" from accessible_seats a
      join venue_seats vs on vs.id = a.seat_id
      join inventory_units u on u.seat_id = a.seat_id and u.event_id = ${eventId}::uuid and u.status = 'available'
      where vs.venue_id = ${venueId}::uuid and a.kind = 'wheelchair'
        and not exists (
          select 1 from accessible_seats c join venue_seats cv on cv.id = c.seat_id
          join inventory_units cu on cu.seat_id = c.seat_id and cu.event_id = ${eventId}::uuid
          where c.kind = 'companion' and cv.row_id = vs.row_id and cu.status <> 'available')
      order by vs.section_id, vs.row_id, vs.sort_order
      limit 1`),
  );
  const fans = await Promise.all(Array.from({ length: 20 }, (_, i) => makeUser(t.db, `wheelchair-${i}`)));
  const results = await Promise.all(fans.map((fan) => holdAccessibleSeat({ user: fan, eventRef: SLUG, seatId: place.seatId, concession: 'ztp_s' })));
  expect(results.filter((r) => r.ok)).toHaveLength(1);
  expect(results.filter((r) => !r.ok).map((r) => (r as { code: string }).code)).toEqual(Array(19).fill('SEAT_TAKEN'));

  const lines = rowsOf<{ kind: string; n: number }>(
    await t.db.execute(sql`
      select hc.kind, count(*)::int as n from hold_item_concessions hc
      join hold_items hi on hi.id = hc.hold_item_id join holds h on h.id = hi.hold_id
      where h.event_id = ${eventId}::uuid and h.status = 'active' group by hc.kind order by hc.kind`),
  );
  // (In the enum's order.)
  expect(lines.map((line) => [line.kind, line.n])).toEqual([
    ['ztp_s', 1],
    ['companion', 1],
  ]);
  // Each held unit is held by exactly one line of one cart.
  const [{ dupes }] = rowsOf<{ dupes: number }>(
    await t.db.execute(sql`select count(*)::int as dupes from (select hi.unit_id from hold_items hi join holds h on h.id = hi.hold_id
      where h.event_id = ${eventId}::uuid and h.status = 'active' group by hi.unit_id having count(*) > 1) d`),
  );
  expect(dupes).toBe(0);
});

it('fans on both sides of one free seat switch to ZŤP-S at once: the seat is one companion’s', async () => {
  // Seats 4 and 6 of a row of section 105 to two fans, 3 and 7 taken by a third, 5 free between them.
  // The demo's own sales take seats at random (`spread`), so the row is one whose seats 3–7 are all free
  // (behind the front row of wheelchair places); here a stranger holds a seat of the fourth row first, as
  // a demo sale sometimes does.
  const units = await t.db
    .select({ seatId: s.venueSeats.id, rowId: s.venueSeats.rowId, rowOrder: s.venueRows.sortOrder, order: s.venueSeats.sortOrder, status: s.inventoryUnits.status })
    .from(s.inventoryUnits)
    .innerJoin(s.venueSeats, eq(s.venueSeats.id, s.inventoryUnits.seatId))
    .innerJoin(s.venueSections, eq(s.venueSections.id, s.venueSeats.sectionId))
    .innerJoin(s.venueRows, eq(s.venueRows.id, s.venueSeats.rowId))
    .where(and(eq(s.inventoryUnits.eventId, eventId), eq(s.venueSections.code, '105')))
    .orderBy(s.venueRows.sortOrder);
  const fourthRowSeat = units.find((u) => u.rowOrder === 4 && u.order === 5);
  if (fourthRowSeat?.status === 'available') {
    const stranger = await makeUser(t.db, 'stranger');
    expect((await addToCart({ user: stranger, eventRef: SLUG, selection: { seatIds: [fourthRowSeat.seatId] }, locale: 'en' })).ok).toBe(true);
    fourthRowSeat.status = 'held';
  }
  const free = (rowId: string, order: number) => units.some((u) => u.rowId === rowId && u.order === order && u.status === 'available');
  const row = units.find((u) => u.rowOrder > 0 && [3, 4, 5, 6, 7].every((order) => free(u.rowId, order)));
  if (!row) throw new Error('no row of section 105 with seats 3–7 free');
  expect(row.rowOrder).not.toBe(4);
  const at = (order: number) => units.find((u) => u.rowId === row.rowId && u.order === order)!.seatId;
  const blocker = await makeUser(t.db, 'blocker');
  expect((await addToCart({ user: blocker, eventRef: SLUG, selection: { seatIds: [at(3), at(7)] }, locale: 'en' })).ok).toBe(true);
  const left = await makeUser(t.db, 'left');
  const right = await makeUser(t.db, 'right');
  const l = await addToCart({ user: left, eventRef: SLUG, selection: { seatIds: [at(4)] }, locale: 'en' });
  const r = await addToCart({ user: right, eventRef: SLUG, selection: { seatIds: [at(6)] }, locale: 'en' });
  if (!l.ok || !r.ok) throw new Error('not held');
  const results = await Promise.all([
    setCartConcession({ user: left, eventRef: SLUG, itemId: l.cart.items[0].id, concession: 'ztp_s' }),
    setCartConcession({ user: right, eventRef: SLUG, itemId: r.cart.items[0].id, concession: 'ztp_s' }),
  ]);
  expect(results.filter((x) => x.ok)).toHaveLength(1);
  expect(results.filter((x) => !x.ok).map((x) => (x as { code: string }).code)).toEqual(['NO_COMPANION_SEAT']);
  const [unit] = await t.db.select().from(s.inventoryUnits).where(and(eq(s.inventoryUnits.eventId, eventId), eq(s.inventoryUnits.seatId, at(5))));
  expect(unit.status).toBe('held');
  const [{ n }] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from hold_items where unit_id = ${unit.id}::uuid`));
  expect(n).toBe(1);
});
