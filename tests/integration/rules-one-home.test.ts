// Rules with one home (docs/decisions/rules-with-one-home.md): each rule is one database function, and
// the functions built on it, and the TypeScript that reads it, answer what it answers. A copy that came
// back with its own formula (a < for a <=, a window without its start) would disagree here at the edges.
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { seasonSelling, seasonWindowColumns } from '@/lib/server/seasons/windows';
import { makeOrganisation } from '../helpers/organiser';
import { useTestDatabase } from '../helpers/db';

const t = useTestDatabase();

const NOW = new Date('2026-03-01T12:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const iso = (value: string | null) => (value === null ? 'null' : `'${value}'::timestamptz`);

async function one<T>(query: string): Promise<T> {
  const [row] = rowsOf<{ v: T }>(await t.db.execute(sql.raw(`select ${query} as v`)));
  return row.v;
}

describe('a live hold: hold_is_live, and what is built on it', () => {
  const times = [-1000, 0, 1000];
  const statuses = ['active', 'ordered', 'completed', 'expired', 'released'] as const;

  it('is open (active or at checkout) and before its time, never at it', async () => {
    for (const status of statuses) {
      for (const ms of times) {
        const live = await one<boolean>(`hold_is_live('${status}', ${iso(at(ms))}, ${iso(at(0))})`);
        expect({ status, ms, live }).toEqual({ status, ms, live: (status === 'active' || status === 'ordered') && ms > 0 });
      }
    }
  });

  it('a unit or listing is held exactly while its held_until would keep a hold live', async () => {
    for (const ms of [...times, null]) {
      const until = ms === null ? 'null' : iso(at(ms));
      const live = ms !== null && ms > 0;
      expect(await one<boolean>(`unit_is_held('held', ${until}, ${iso(at(0))})`)).toBe(live);
      expect(await one<boolean>(`unit_is_free('held', ${until}, ${iso(at(0))})`)).toBe(!live);
      expect(await one<boolean>(`listing_is_free('active', gen_random_uuid(), ${until}, ${iso(at(0))})`)).toBe(!live);
    }
    expect(await one<boolean>(`unit_is_free('available', null, ${iso(at(0))})`)).toBe(true);
    expect(await one<boolean>(`unit_is_held('sold', ${iso(at(1000))}, ${iso(at(0))})`)).toBe(false);
  });
});

describe("a season's windows: season_sale_open and season_renewal", () => {
  const DAY = 86_400_000;

  it('says ahead, open and over at the edges, and keeps no renewal for a season without one', async () => {
    const state = (ms: number) => one<string>(`season_renewal(${iso(at(0))}, ${iso(at(DAY))}, ${iso(at(ms))})`);
    expect(await state(-1)).toBe('ahead');
    expect(await state(0)).toBe('open');
    expect(await state(DAY - 1)).toBe('open');
    expect(await state(DAY)).toBe('over');
    expect(await one<string>(`season_renewal(null, null, ${iso(at(0))})`)).toBe('over');
    expect(await one<boolean>(`season_sale_open(${iso(at(0))}, null, ${iso(at(0))})`)).toBe(true);
    expect(await one<boolean>(`season_sale_open(${iso(at(0))}, ${iso(at(DAY))}, ${iso(at(DAY))})`)).toBe(false);
    expect(await one<boolean>(`season_sale_open(null, null, ${iso(at(0))})`)).toBe(false);
  });

  it("TypeScript reads the same answer (seasons/windows.ts) at every edge", async () => {
    const org = await makeOrganisation(t.db);
    const [venue] = await t.db
      .insert(s.venues)
      .values({ orgId: org.id, slug: `rules-venue-${org.slug}`, name: 'Arena', address: 'Street 1', city: 'Bratislava', country: 'SK' })
      .returning({ id: s.venues.id });
    const [season] = await t.db
      .insert(s.seasons)
      .values({
        orgId: org.id,
        slug: `rules-season-${org.slug}`,
        name: { sk: 'Sezóna', cs: 'Sezóna', en: 'Season' },
        venueId: venue.id,
        startsOn: '2026-03-01',
        endsOn: '2026-06-30',
        saleOpensAt: new Date(NOW.getTime() + 2 * DAY),
        saleClosesAt: new Date(NOW.getTime() + 4 * DAY),
        renewalOpensAt: NOW,
        renewalClosesAt: new Date(NOW.getTime() + DAY),
      })
      .returning({ id: s.seasons.id });
    const read = async (ms: number) => {
      const now = new Date(NOW.getTime() + ms);
      const [row] = await t.db
        .select({ ...seasonWindowColumns(now), selling: seasonSelling(now) })
        .from(s.seasons)
        .where(eq(s.seasons.id, season.id));
      return row;
    };
    expect(await read(-1)).toEqual({ saleOpen: false, renewalOpen: false, selling: false });
    expect(await read(0)).toEqual({ saleOpen: false, renewalOpen: true, selling: true });
    expect(await read(DAY)).toEqual({ saleOpen: false, renewalOpen: false, selling: false });
    expect(await read(2 * DAY)).toEqual({ saleOpen: true, renewalOpen: false, selling: true });
    expect(await read(4 * DAY)).toEqual({ saleOpen: false, renewalOpen: false, selling: false });
  });
});
