// Concurrent season-seat holds on real PostgreSQL (DESIGN.md §4): many fans grab one seat for the whole
// season at once (lib/server/db/functions.sql season_hold): exactly one wins, holding the seat at every
// remaining match; nobody else holds it at any of them. Run: npm run test:pg -- tests/pg/seasons.test.ts
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { holdSeasonSeats, seasonSale } from '@/lib/server/seasons/sale';
import { isPostgresRun, useTestDatabase } from '../helpers/db';

const t = useTestDatabase({ seeded: true });
const describePg = isPostgresRun() ? describe : describe.skip;
const SEASON = 'fk-dunaj-bratislava-zima';

describePg('season seat holds under concurrency', () => {

  it('of many fans holding one seat at once, exactly one wins it for every match', async () => {
    const sale = await seasonSale(SEASON, null);
    const free = sale!.sections.flatMap((sec) => sec.rows.flatMap((r) => r.seats)).filter((seat) => seat.state === 'free');
    for (const [round, seat] of [free[5], free[50], free[100]].entries()) {
      const fans = await t.db
        .insert(s.users)
        .values(Array.from({ length: 24 }, (_, i) => ({ email: `season-race-${round}-${i}@example.com`, firstName: 'Race', lastName: `${i}`, locale: 'en' as const })))
        .returning({ id: s.users.id });
      // Some fans ask for a neighbour too, in the other order: overlapping claims must queue, not deadlock.
      const neighbour = free[5 + round * 45 + 1];
      const results = await Promise.all(
        fans.map((fan, i) => holdSeasonSeats({ userId: fan.id, seasonRef: SEASON, seatIds: i % 3 === 0 ? [neighbour.id, seat.id] : [seat.id] })),
      );
      const winners = results.filter((r) => r.ok);
      // Every fan asked for the seat: one of them has it (with the neighbour, or alone).
      expect(winners.length).toBe(1);
      const refusals = results.filter((r) => !r.ok);
      expect(refusals.every((r) => !r.ok && r.code === 'SEASON_SEAT_TAKEN')).toBe(true);
      // The seat itself: held by exactly one live hold, at every remaining match.
      const holders = rowsOf<{ hold_id: string; n: number }>(
        await t.db.execute(sql`select u.hold_id, count(*)::int as n from inventory_units u
          join holds h on h.id = u.hold_id and h.status = 'active' and h.season_id is not null
          where u.seat_id = ${seat.id} and u.status = 'held' and u.held_until > now() group by u.hold_id`),
      );
      expect(holders).toEqual([{ hold_id: expect.any(String), n: sale!.matches.length }]);
      // Every winning hold holds all its seats at every match, and no unit is in two live holds.
      for (const w of winners) {
        if (!w.ok) continue;
        const [{ n }] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from inventory_units where hold_id = ${w.holdId} and status = 'held'`));
        const [{ items }] = rowsOf<{ items: number }>(await t.db.execute(sql`select count(*)::int as items from hold_items where hold_id = ${w.holdId}`));
        expect(n).toBe(items);
        expect(n % sale!.matches.length).toBe(0);
      }
      const doubles = rowsOf(
        await t.db.execute(sql`select hi.unit_id from hold_items hi join holds h on h.id = hi.hold_id
          where h.status in ('active', 'ordered') group by hi.unit_id having count(*) > 1`),
      );
      expect(doubles).toEqual([]);
      const [{ losers }] = rowsOf<{ losers: number }>(
        await t.db.execute(sql`select count(*)::int as losers from holds h join users u on u.id = h.user_id where u.email like ${`season-race-${round}-%`} and h.season_id is not null`),
      );
      expect(losers).toBe(winners.length);
    }
  }, 120_000);
});
