// Money given back as wallet credit, under concurrency, on real PostgreSQL (issue 32, item 4): a season that
// refunds a cancelled match as credit with the club is cancelled by its owner and its manager at once while
// the sweeper runs and fans buy another of the club's matches (their invoices take the same counters): each
// holder is credited each match once, each credit gets its credit notes once — their totals equal the credit
// to the minor unit — and every series of document numbers stays unbroken. Counted in SQL afterwards.
// Run: npm run test:pg -- tests/pg/season-credit-notes.test.ts
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { cancelSeason, finishCancelledEvents } from '@/lib/server/events/cancel';
import { isPostgresRun, useTestDatabase } from '../helpers/db';
import { makeCast, orgIdOfSlug, type Cast } from '../helpers/organiser';
import { buy } from '../helpers/purchases';
import { makeSeasonHolder } from '../helpers/season-release';
import { freeSeatsOf } from '../helpers/seats';
import { makeUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const describePg = isPostgresRun() ? describe : describe.skip;
/** A match of the club outside the winter season: fans buy it while the season is cancelled. */
const OTHER = 'dunaj-bratislava-as-trencin';

describePg('a season refunded as wallet credit, cancelled twice at once', () => {
  let cast: Cast;
  let orgId: string;
  let seasonId: string;

  beforeAll(async () => {
    orgId = await orgIdOfSlug(t.db, 'fk-dunaj-bratislava');
    cast = await makeCast(t.db, orgId);
    [{ id: seasonId }] = await t.db.select({ id: s.seasons.id }).from(s.seasons).where(eq(s.seasons.slug, 'fk-dunaj-bratislava-zima'));
    await t.db.update(s.seasons).set({ cancelRefundMode: 'credit' }).where(eq(s.seasons.id, seasonId));
    for (let i = 0; i < 4; i++) await makeSeasonHolder(t.db, `pg-credit-note-${i}`);
  }, 300_000);

  it('credits each holder each match once, with credit notes adding up to each credit, and numbers unbroken', async () => {
    const fans = await Promise.all([0, 1, 2].map((i) => makeUser(t.db, `pg-credit-note-fan-${i}`)));
    const seats = await freeSeatsOf(t.db, OTHER, 3);
    const results = await Promise.allSettled([
      cancelSeason(cast.owner, seasonId),
      cancelSeason(cast.manager, seasonId),
      finishCancelledEvents(),
      ...fans.map((fan, i) => buy(t.db, fan, OTHER, { seatIds: [seats[i]] })),
    ]);
    for (const r of results) expect(r.status === 'rejected' ? String(r.reason) : r.status).toBe('fulfilled');
    await finishCancelledEvents();

    const credits = rowsOf<{ id: string; amount: number; noted: number; notes: number }>(
      await t.db.execute(sql`select w.id, w.amount,
          (select coalesce(-sum(d.total_gross), 0) from tax_documents d where d.source_key like 'wallet:' || w.id || ':%')::int as noted,
          (select count(*) from tax_documents d where d.source_key like 'wallet:' || w.id || ':%')::int as notes
        from wallet_ledger w where w.kind = 'refund_credit' and w.org_id = ${orgId}::uuid`),
    );
    expect(credits.length).toBeGreaterThanOrEqual(4);
    for (const credit of credits) {
      expect(Number(credit.noted)).toBe(Number(credit.amount));
      expect(Number(credit.notes)).toBeGreaterThan(0);
    }
    const [twice] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from (select order_id, event_id from wallet_ledger where kind = 'refund_credit' group by order_id, event_id having count(*) > 1) x`),
    );
    expect(Number(twice.n)).toBe(0);
    // Each issuer's series of each year: 1..n without a gap or a repeat.
    const gaps = rowsOf<{ issuer: string; kind: string }>(
      await t.db.execute(sql`select issuer, kind from tax_documents group by issuer, kind, year having count(*) <> max(seq) or count(distinct seq) <> count(*)`),
    );
    expect(gaps).toEqual([]);
  });
});
