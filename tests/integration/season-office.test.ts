// The ticket office's season tools (issue 28 items 5–8), on the demo seed's winter season
// (seed/seasons.ts), which renews the spring one.
import { and, eq, inArray } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { runSeed } from '@/lib/server/db/seed';
import { purchaseSeason, seasonSale } from '@/lib/server/seasons/sale';
import { useTestDatabase } from '../helpers/db';
import { makeUser } from '../helpers/tickets';

const t = useTestDatabase();
const urls = { success: (id: string) => `http://x/orders/${id}`, cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` };
const SEASON = 'fk-dunaj-bratislava-zima';
const MATCHES = ['dunaj-bratislava-fc-kosice', 'dunaj-bratislava-msk-zilina'];

beforeAll(async () => {
  await runSeed(t.db);
}, 180_000);

async function seatStates(userId: string | null) {
  const sale = await seasonSale(SEASON, userId);
  return new Map(sale!.sections.flatMap((sec) => sec.rows.flatMap((r) => r.seats.map((seat) => [seat.id, seat.state] as const))));
}

async function eventId(slug: string) {
  return (await t.db.select({ id: s.events.id }).from(s.events).where(eq(s.events.slug, slug)))[0].id;
}

describe('season hold and the waiting list (item 8)', () => {
  it('a seat whose unit at a remaining match is reserved for the waiting list is not claimable', async () => {
    const fan = await makeUser(t.db, 'office-wl');
    const free = [...(await seatStates(fan.id))].filter(([, state]) => state === 'free').map(([id]) => id);
    const seat = free[5];
    // Fans wait for that seat's category at the second match only.
    const second = await eventId(MATCHES[1]);
    const [unit] = await t.db.select({ typeId: s.inventoryUnits.ticketTypeId }).from(s.inventoryUnits).where(and(eq(s.inventoryUnits.eventId, second), eq(s.inventoryUnits.seatId, seat)));
    await t.db.update(s.events).set({ waitingListEnabled: true }).where(eq(s.events.id, second));
    const waiter = await makeUser(t.db, 'office-waiter');
    await t.db.insert(s.waitingListEntries).values({ eventId: second, ticketTypeId: unit.typeId, userId: waiter.id, quantity: 1 });
    try {
      const refused = await purchaseSeason({ user: fan, seasonRef: SEASON, seatIds: [seat], locale: 'en', urls });
      expect(refused).toMatchObject({ ok: false, code: 'SEASON_SEAT_TAKEN', seatIds: [seat] });
      expect((await seatStates(fan.id)).get(seat)).toBe('taken');
      const units = await t.db.select({ status: s.inventoryUnits.status }).from(s.inventoryUnits).where(and(eq(s.inventoryUnits.seatId, seat), inArray(s.inventoryUnits.eventId, [await eventId(MATCHES[0]), second])));
      expect(units).toHaveLength(2);
      expect(units.every((u) => u.status === 'available')).toBe(true);
    } finally {
      await t.db.delete(s.waitingListEntries).where(eq(s.waitingListEntries.userId, waiter.id));
      await t.db.update(s.events).set({ waitingListEnabled: false }).where(eq(s.events.id, second));
    }
    // Nobody waits any more: the seat is on season sale again.
    expect((await seatStates(fan.id)).get(seat)).toBe('free');
  });
});
