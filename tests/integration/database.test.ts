import { count, sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { events as eventSeeds } from '@/lib/server/db/seed/catalogue-data';
import { festivalDaySlugs } from '@/lib/server/db/seed/packages';
import { PRIORITY_MATCH } from '@/lib/server/db/seed/loyalty';
import { runSeed } from '@/lib/server/db/seed';
import { useTestDatabase } from '../helpers/db';

const t = useTestDatabase();

async function counts() {
  const tablesToCount = { organisations: s.organisations, venues: s.venues, seats: s.venueSeats, events: s.events, ticketTypes: s.ticketTypes, units: s.inventoryUnits, users: s.users };
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tablesToCount)) {
    const [{ n }] = await t.db.select({ n: count() }).from(table);
    out[name] = n;
  }
  return out;
}

describe('database', () => {
  it('applies the migrations on a fresh database', async () => {
    const tables = rowsOf<{ table_name: string }>(
      await t.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public'`),
    ).map((r) => r.table_name);
    expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'events', 'inventory_units', 'holds', 'orders', 'tickets', 'resale_listings']));
  });

  it('seeds believable demo data, and running the seed twice creates nothing twice', async () => {
    await runSeed(t.db);
    const first = await counts();
    // The four approved organisers and the one whose application waits for review (seed/applications.ts).
    expect(first.organisations).toBe(5);
    // The catalogue, the festival's days its pass sells (seed/packages.ts) and the derby sold first to loyal fans (seed/loyalty.ts).
    expect(first.events).toBe(eventSeeds.length + festivalDaySlugs.length + [PRIORITY_MATCH].length);
    expect(first.events).toBeGreaterThanOrEqual(15);
    expect(first.seats).toBeGreaterThanOrEqual(1000);
    await runSeed(t.db);
    expect(await counts()).toEqual(first);
  });

  it('sells every seat of a seated event exactly once and in EUR and CZK', async () => {
    const perEvent = rowsOf<{ slug: string; units: number; seats: number; distinct_seats: number; currency: string }>(
      await t.db.execute(sql`
        select e.slug, e.currency, count(u.id)::int as units, count(u.seat_id)::int as seats, count(distinct u.seat_id)::int as distinct_seats
        from events e join inventory_units u on u.event_id = e.id group by e.slug, e.currency`),
    );
    const stadium = perEvent.find((e) => e.slug === 'dunaj-bratislava-fc-kosice')!;
    expect(stadium.seats).toBeGreaterThanOrEqual(1000);
    expect(stadium.distinct_seats).toBe(stadium.seats);
    expect(new Set(perEvent.map((e) => e.currency))).toEqual(new Set(['EUR', 'CZK']));
    expect(perEvent.every((e) => e.units > 0)).toBe(true);
  });
});
