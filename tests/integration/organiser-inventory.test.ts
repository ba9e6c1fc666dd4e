import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { setStandingCapacity, syncEventInventory } from '@/lib/server/inventory/sync';
import { useTestDatabase } from '../helpers/db';
import { eventBySlug, giveTicket, makeUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });


async function seatedUnits(eventId: string) {
  return t.db.select().from(s.inventoryUnits).where(and(eq(s.inventoryUnits.eventId, eventId), isNotNull(s.inventoryUnits.seatId)));
}

describe('an event’s units follow its sections', () => {
  it('the seeded events’ units are already what their sections say', async () => {
    const event = await eventBySlug(t.db, 'dunaj-bratislava-fc-kosice');
    const before = (await seatedUnits(event.id)).length;
    expect(before).toBeGreaterThan(0);
    const result = await t.db.transaction((tx) => syncEventInventory(tx, event.id));
    expect(result).toEqual({ ok: true, added: 0, removed: 0 });
    expect((await seatedUnits(event.id)).length).toBe(before);
  });

  it('a section taken off the event loses its free seats; put back, they return; one with a sold seat is refused', async () => {
    const event = await eventBySlug(t.db, 'dunaj-bratislava-fc-kosice');
    const sections = await t.db.select().from(s.eventSections).where(eq(s.eventSections.eventId, event.id));
    // The demo has sold seats here and there: the first section is one without any.
    const sold = await t.db.execute(
      sql`select distinct vs.section_id from inventory_units u join venue_seats vs on vs.id = u.seat_id where u.event_id = ${event.id} and u.status <> 'available'`,
    );
    const soldSections = new Set(rowsOf<{ section_id: string }>(sold).map((r) => r.section_id));
    const first = sections.find((x) => !soldSections.has(x.sectionId))!;
    const second = sections.find((x) => x.sectionId !== first.sectionId)!;
    const seatsOf = async (sectionId: string) =>
      Number(
        rowsOf<{ n: number }>(
          await t.db.execute(sql`select count(*)::int as n from inventory_units u join venue_seats vs on vs.id = u.seat_id where u.event_id = ${event.id} and vs.section_id = ${sectionId}`),
        )[0]?.n ?? 0,
      );
    const seats = await seatsOf(first.sectionId);
    await t.db.delete(s.eventSections).where(and(eq(s.eventSections.eventId, event.id), eq(s.eventSections.sectionId, first.sectionId)));
    expect(await t.db.transaction((tx) => syncEventInventory(tx, event.id))).toMatchObject({ ok: true, removed: seats });
    expect(await seatsOf(first.sectionId)).toBe(0);
    await t.db.insert(s.eventSections).values(first);
    expect(await t.db.transaction((tx) => syncEventInventory(tx, event.id))).toMatchObject({ ok: true, added: seats });

    // A sold seat in the second section: taking the section off is refused and changes nothing.
    const fan = await makeUser(t.db);
    const [unit] = await t.db
      .select({ id: s.inventoryUnits.id })
      .from(s.inventoryUnits)
      .innerJoin(s.venueSeats, eq(s.venueSeats.id, s.inventoryUnits.seatId))
      .where(and(eq(s.inventoryUnits.eventId, event.id), eq(s.venueSeats.sectionId, second.sectionId)))
      .limit(1);
    await t.db.update(s.inventoryUnits).set({ status: 'sold' }).where(eq(s.inventoryUnits.id, unit.id));
    void fan;
    const before = await seatsOf(second.sectionId);
    await t.db.delete(s.eventSections).where(and(eq(s.eventSections.eventId, event.id), eq(s.eventSections.sectionId, second.sectionId)));
    const refused = await t.db.transaction((tx) => syncEventInventory(tx, event.id));
    expect(refused).toMatchObject({ ok: false, code: 'UNITS_TAKEN' });
    expect(!refused.ok && refused.taken).toBeGreaterThanOrEqual(1);
    expect(await seatsOf(second.sectionId)).toBe(before);
    await t.db.insert(s.eventSections).values(second);
  });

  it('a standing category grows and shrinks to its capacity, never below what fans have', async () => {
    const event = await eventBySlug(t.db, 'polarna-ziara-kosice');
    const [type] = await t.db.select().from(s.ticketTypes).where(and(eq(s.ticketTypes.eventId, event.id), eq(s.ticketTypes.kind, 'standing')));
    const taken = async () =>
      (await t.db.select().from(s.inventoryUnits).where(and(eq(s.inventoryUnits.ticketTypeId, type.id), eq(s.inventoryUnits.status, 'sold')))).length;
    const places = async () => (await t.db.select().from(s.inventoryUnits).where(and(eq(s.inventoryUnits.ticketTypeId, type.id), eq(s.inventoryUnits.status, 'available')))).length;
    const owner = await makeUser(t.db);
    await giveTicket(t.db, owner.id, event.slug, type.code);
    await giveTicket(t.db, owner.id, event.slug, type.code);
    const sold = await taken();
    expect(sold).toBeGreaterThanOrEqual(2);
    expect(await t.db.transaction((tx) => setStandingCapacity(tx, event.id, type.id, sold + 8))).toMatchObject({ ok: true });
    expect(await places()).toBe(8);
    expect(await t.db.transaction((tx) => setStandingCapacity(tx, event.id, type.id, sold + 23))).toEqual({ ok: true, added: 15, removed: 0 });
    expect(await places()).toBe(23);
    expect(await t.db.transaction((tx) => setStandingCapacity(tx, event.id, type.id, sold - 1))).toEqual({ ok: false, code: 'UNITS_TAKEN', taken: sold });
    expect(await places()).toBe(23);
  });
});
