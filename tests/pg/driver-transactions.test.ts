// The PostgreSQL driver under a rush: a transaction begun while the pool's connections are busy and their
// pipelines full is still a transaction of its own. postgres.js 3.4.9 could write a transaction's BEGIN
// without reserving its connection when the BEGIN was the query that filled the connection's pipeline: the
// transaction failed with UNSAFE_TRANSACTION and the connection went back to the pool inside an open
// transaction (porsager/postgres#823, #1189). Seen as 5xx of the waiting room's join in bench:queue;
// mended by patches/postgres+3.4.9.patch (docs/decisions/postgres-driver-patch.md). The pipeline is two
// queries deep here (the app's is postgres.js's 100), so the boundary comes every few queries.
// Run: TEST_DATABASE_URL=… npx jest --config jest.pg.config.ts tests/pg/driver-transactions.test.ts
import postgres from 'postgres';
import { isPostgresRun, useTestDatabase } from '../helpers/db';

const t = useTestDatabase();
const describePg = isPostgresRun() ? describe : describe.skip;

describePg('transactions begun behind full pipelines (PostgreSQL)', () => {
  it('every transaction commits on a connection of its own, and no connection is left inside one', async () => {
    // max_pipeline is postgres.js's option (src/index.js), missing from its types.
    const client = postgres(t.url!, { max: 3, max_pipeline: 2, onnotice: () => {} } as Parameters<typeof postgres>[1]);
    const failures: string[] = [];
    let begun = 0;
    try {
      await client`create table rush_marks (round int not null, n int not null)`;
      for (let round = 0; round < 10; round++) {
        // Every connection busy, then plain queries with transactions among them, sent in this order.
        const busy = [0, 1, 2].map(() => client`select pg_sleep(0.05)`.execute());
        const work = Array.from({ length: 30 }, (_, i) => {
          if (i % 3 !== 1) return client`select ${i}::int as i`.execute();
          begun++;
          return client.begin((tx) => tx`insert into rush_marks (round, n) values (${round}, ${i})`).catch((error: Error) => failures.push(error.message));
        });
        await Promise.all([...busy, ...work]);
      }
      const [inside] = await client`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`;
      expect(failures).toEqual([]);
      expect(inside.n).toBe(0);
      const [marks] = await client`select count(*)::int as n from rush_marks`;
      expect(marks.n).toBe(begun);
    } finally {
      await client.end({ timeout: 5 });
    }
  }, 120_000);
});
