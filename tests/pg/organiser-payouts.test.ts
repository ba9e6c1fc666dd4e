// Organiser payouts under concurrency on real PostgreSQL: many clients at once settle the closed month of
// several organisations and prepare payout runs — each period's payout is made once (one row per
// organisation, currency and period), each payout lands in exactly one run and once in the files, the runs'
// totals are their payouts'; confirms at once pay a run once. Counted in SQL.
// Run: TEST_DATABASE_URL=… npx jest --config jest.pg.config.ts tests/pg/organiser-payouts.test.ts
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/client';
import { settleOrganiserPayouts } from '@/lib/server/payouts/organisers';
import { confirmRun, prepareRun, runFile } from '@/lib/server/payouts/runs';
import { isPostgresRun, useTestDatabase } from '../helpers/db';
import { bratislava, payoutOrganisation, sell } from '../helpers/organiser-payouts';
import { IBANS, makeAdmin } from '../helpers/payouts';
import { makeUser, type TestUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const describePg = isPostgresRun() ? describe : describe.skip;
const ORGS = 6;
const CLIENTS = 8;

let admin: TestUser;

beforeAll(async () => {
  if (!isPostgresRun()) return;
  admin = await makeAdmin(t.db);
}, 180_000);

const endToEndIds = (xml: string) => [...xml.matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>/g)].map((m) => m[1]);

describePg('organiser payouts under concurrency (PostgreSQL)', () => {
  it(`${CLIENTS} clients settle and run at once over ${ORGS} organisations: each period paid once, in exactly one run`, async () => {
    const buyer = await makeUser(t.db, 'pg-payout-buyer');
    const slugs = rowsOf<{ slug: string }>(
      await t.db.execute(sql`select slug from events where currency = 'EUR' and slug <> 'dunaj-bratislava-slovan-liberec' order by slug limit ${ORGS}`),
    ).map((r) => r.slug);
    const orgs = [];
    for (const [i, slug] of slugs.entries()) {
      const org = await payoutOrganisation(t.db, { name: `PG club ${i}`, legalName: `PG club ${i} s.r.o.`, iban: (i % 2 ? IBANS.sk2 : IBANS.sk).replace(/\s/g, ''), terms: { perTicket: 30 + i, bps: 100 * i, schedule: 'period' }, slugs: [slug] });
      for (let k = 0; k < 3; k++) await sell(t.db, buyer.id, org.events[0], [1000 * (k + 1) + i], bratislava(`2027-03-0${k + 1}T10:00:00`));
      orgs.push(org.id);
    }
    const inOrgs = sql`(${sql.join(orgs.map((id) => sql`${id}::uuid`), sql`, `)})`;
    const now = bratislava('2027-04-01T06:00:00');

    const results = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => (i % 2 ? settleOrganiserPayouts(now) : prepareRun(admin, 'EUR', { now }))));
    const runs = results.flatMap((r) => (typeof r === 'object' && r.ok ? [r.run] : []));
    for (const r of results) if (typeof r === 'object' && !r.ok) expect(r.code).toBe('NOTHING_DUE');

    // One row per organisation and period, none twice
    const perKey = rowsOf<{ org_id: string; period_key: string; n: number }>(
      await t.db.execute(sql`select org_id, period_key, count(*)::int as n from organiser_payouts where org_id in ${inOrgs} group by org_id, period_key`),
    );
    expect(perKey.filter((k) => k.period_key === 'period:2027-03')).toHaveLength(ORGS);
    expect(perKey.every((k) => k.n === 1)).toBe(true);

    // Every pending payout of these organisations in exactly one run (another run may come after: prepare once more)
    const again = await prepareRun(admin, 'EUR', { now });
    if (again.ok) runs.push(again.run);
    const rows = rowsOf<{ id: string; run_id: string | null; amount: number }>(await t.db.execute(sql`select id, run_id, amount from organiser_payouts where org_id in ${inOrgs} and status <> 'carried'`));
    expect(rows.length).toBeGreaterThanOrEqual(ORGS);
    const runIds = new Set(runs.map((r) => r.id));
    expect(rows.every((r) => r.run_id && runIds.has(r.run_id))).toBe(true);

    // Runs' totals are their payouts' (resale sellers' and organisers'); every payout once in the files
    const sums = rowsOf<{ run_id: string; n: number; total: number }>(
      await t.db.execute(sql`select run_id, count(*)::int as n, sum(amount)::int as total from (
        select run_id, net_amount as amount from payouts where run_id is not null
        union all select run_id, amount from organiser_payouts where run_id is not null) x group by run_id`),
    );
    const ids: string[] = [];
    for (const run of runs) {
      expect({ n: run.payoutCount, total: run.totalAmount }).toEqual((({ n, total }) => ({ n, total }))(sums.find((x) => x.run_id === run.id)!));
      const file = await runFile(admin, run.id);
      if (!file.ok) throw new Error(file.code);
      ids.push(...endToEndIds(file.xml));
    }
    expect(new Set(ids).size).toBe(ids.length);
    for (const row of rows) expect(ids.filter((id) => id === row.id.replace(/-/g, ''))).toHaveLength(1);

    // Confirms at once: paid once, at one time
    const runOf = rows[0].run_id!;
    const confirms = await Promise.all(Array.from({ length: 4 }, (_, i) => confirmRun(admin, runOf, new Date(now.getTime() + (i + 1) * 60_000))));
    expect(confirms.filter((c) => c.ok && c.changed)).toHaveLength(1);
    // Every organiser payout of that run (the demo organisations' too) paid, at one time
    const paid = rowsOf<{ status: string; n: number; times: number }>(
      await t.db.execute(sql`select status, count(*)::int as n, count(distinct paid_at)::int as times from organiser_payouts where run_id = ${runOf} group by status`),
    );
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ status: 'paid', times: 1 });
    expect(paid[0].n).toBeGreaterThanOrEqual(rows.filter((r) => r.run_id === runOf).length);
  }, 300_000);
});
