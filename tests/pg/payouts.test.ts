// Payout runs under concurrency on real PostgreSQL: several runs prepared at once over many due payouts
// take different ones (each payout in exactly one run, no payout twice in the files, sums equal), and
// confirms at once pay a run once. Checked in SQL and in the files themselves.
// Run: TEST_DATABASE_URL=… npx jest --config jest.pg.config.ts tests/pg/payouts.test.ts
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { cancelRun, confirmRun, prepareRun, runFile } from '@/lib/server/payouts/runs';
import { isPostgresRun, useTestDatabase } from '../helpers/db';
import { afterEvent, giveBankAccount, IBANS, makeAdmin, resaleSale } from '../helpers/payouts';
import { makeUser, type TestUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const describePg = isPostgresRun() ? describe : describe.skip;
const EVENT = 'dunaj-bratislava-fc-kosice';
const SELLERS = 6;
const SALES_PER_SELLER = 12;
const RUNS_AT_ONCE = 5;

let admin: TestUser;
let after: Date;

beforeAll(async () => {
  if (!isPostgresRun()) return;
  admin = await makeAdmin(t.db);
  after = await afterEvent(t.db, EVENT);
}, 180_000);

const endToEndIds = (xml: string) => [...xml.matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>/g)].map((m) => m[1]);

describePg('payout runs under concurrency (PostgreSQL)', () => {
  it(`${RUNS_AT_ONCE} runs prepared at once over ${SELLERS * SALES_PER_SELLER} due payouts: each payout in exactly one run, never twice in a file, sums equal`, async () => {
    const sellers = await Promise.all(Array.from({ length: SELLERS }, (_, i) => makeUser(t.db, `seller-${i}`)));
    for (const [i, seller] of sellers.entries()) await giveBankAccount(seller, i % 2 ? IBANS.sk2 : IBANS.sk, `Seller ${i}`);
    const sold: string[] = [];
    for (let round = 0; round < SALES_PER_SELLER; round++) {
      for (const seller of sellers) sold.push((await resaleSale(t.db, seller, EVENT)).payout.id);
    }

    const inSold = sql`(${sql.join(sold.map((id) => sql`${id}::uuid`), sql`, `)})`;
    const results = await Promise.all(Array.from({ length: RUNS_AT_ONCE }, () => prepareRun(admin, 'EUR', { now: after })));
    const runs = results.flatMap((r) => (r.ok ? [r.run] : []));
    for (const r of results) if (!r.ok) expect(r.code).toBe('NOTHING_DUE');
    expect(runs.length).toBeGreaterThanOrEqual(1);

    // SQL: every sold payout in exactly one of the runs; each run's count and total are its payouts'
    const perPayout = rowsOf<{ id: string; run_id: string | null }>(await t.db.execute(sql`select id, run_id from payouts where id in ${inSold}`));
    expect(perPayout).toHaveLength(sold.length);
    expect(perPayout.filter((p) => p.run_id === null)).toEqual([]);
    const runIds = new Set(runs.map((r) => r.id));
    expect(perPayout.every((p) => runIds.has(p.run_id!))).toBe(true);
    const sums = rowsOf<{ run_id: string; n: number; total: number }>(
      // A run pays the organisers' due payouts too (the demo's FK Dunaj is paid after each match): counted with them.
      await t.db.execute(sql`select run_id, count(*)::int as n, sum(amount)::int as total from (
        select run_id, net_amount as amount from payouts where run_id is not null
        union all select run_id, amount from organiser_payouts where run_id is not null) x group by run_id`),
    );
    for (const run of runs) {
      const sum = sums.find((x) => x.run_id === run.id)!;
      expect({ n: run.payoutCount, total: run.totalAmount }).toEqual({ n: sum.n, total: sum.total });
    }
    const [{ total: soldTotal }] = rowsOf<{ total: number }>(
      await t.db.execute(sql`select ((select sum(net_amount) from payouts where id in ${inSold}) + (select coalesce(sum(amount), 0) from organiser_payouts where run_id is not null))::int as total`),
    );
    expect(runs.reduce((sum, r) => sum + r.totalAmount, 0)).toBe(soldTotal);

    // The files: every payout once, in the file of its own run
    const ids: string[] = [];
    for (const run of runs) {
      const file = await runFile(admin, run.id);
      if (!file.ok) throw new Error(file.code);
      const inFile = endToEndIds(file.xml);
      expect(inFile).toHaveLength(run.payoutCount);
      ids.push(...inFile);
    }
    expect(new Set(ids).size).toBe(ids.length);
    const organiserIds = rowsOf<{ id: string }>(await t.db.execute(sql`select id from organiser_payouts where run_id is not null`)).map((r) => r.id.replace(/-/g, ''));
    expect(ids.filter((id) => !organiserIds.includes(id)).sort()).toEqual(sold.map((id) => id.replace(/-/g, '')).sort());
    expect(await prepareRun(admin, 'EUR', { now: after })).toEqual({ ok: false, code: 'NOTHING_DUE' });

    // Confirms at once: one of them pays, the others find it done; paid once, at one time
    const [first] = runs;
    const confirms = await Promise.all(Array.from({ length: 4 }, (_, i) => confirmRun(admin, first.id, new Date(after.getTime() + (i + 1) * 60_000))));
    expect(confirms.filter((c) => c.ok && c.changed)).toHaveLength(1);
    expect(confirms.filter((c) => c.ok && !c.changed)).toHaveLength(3);
    const paid = rowsOf<{ status: string; n: number; times: number }>(
      await t.db.execute(sql`select status, count(*)::int as n, count(distinct paid_at)::int as times from payouts where run_id = ${first.id} group by status`),
    );
    const [{ n: organisersInFirst }] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from organiser_payouts where run_id = ${first.id} and status = 'paid'`));
    expect(paid).toEqual([{ status: 'paid', n: first.payoutCount - organisersInFirst, times: 1 }]);

    // A confirm and a cancel at once: exactly one wins, and the payouts agree with it
    if (runs.length > 1) {
      const second = runs[1];
      const [confirmed, cancelled] = await Promise.all([confirmRun(admin, second.id, after), cancelRun(admin, second.id, after)]);
      const winners = [confirmed, cancelled].filter((r) => r.ok && r.changed);
      expect(winners).toHaveLength(1);
      const [row] = await t.db.select().from(s.payoutRuns).where(eq(s.payoutRuns.id, second.id));
      const states = rowsOf<{ status: string; run_id: string | null }>(await t.db.execute(sql`select status, run_id from payouts where id in ${inSold} and (run_id = ${second.id} or (run_id is null and status = 'pending'))`));
      if (row.status === 'confirmed') expect(states.every((p) => p.status === 'paid')).toBe(true);
      else expect(states.every((p) => p.status === 'pending' && p.run_id === null)).toBe(true);
    }
  }, 300_000);
});
