// Readiness (lib/server/ops/health.ts, issue 35 item 2): ready when the database answers, this release's
// last migration is applied and the server is not draining; each other case says why, so the load
// balancer stops sending requests and the operator reads the reason.
import { sql } from 'drizzle-orm';
import { committedMigrations } from '@/lib/server/db/migration-status';
import { openDatabase, rowsOf, useDatabase } from '@/lib/server/db/client';
import { readiness } from '@/lib/server/ops/health';

const migrated = openDatabase({ dataDir: 'memory://' });
const last = committedMigrations().reduce((a, b) => (b.when > a.when ? b : a));

beforeAll(async () => {
  await migrated.migrate();
  useDatabase(migrated);
}, 120_000);

afterAll(() => migrated.close());

it('is ready on a migrated database, and names its last migration', async () => {
  expect(await readiness(false)).toEqual({ ready: true, migration: last.tag });
});

it('is not ready while draining, whatever the database says', async () => {
  expect(await readiness(true)).toEqual({ ready: false, reason: 'draining' });
});

it('is not ready while this release’s last migration is not applied', async () => {
  const [{ latest }] = rowsOf<{ latest: string }>(await migrated.db.execute(sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`));
  expect(Number(latest)).toBe(last.when);
  await migrated.db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${latest}::bigint`);
  try {
    expect(await readiness(false)).toEqual({ ready: false, reason: 'migrations-pending', migration: last.tag });
  } finally {
    await migrated.db.execute(sql`update drizzle.__drizzle_migrations set created_at = ${latest}::bigint where created_at = ${latest}::bigint - 1`);
  }
  expect(await readiness(false)).toEqual({ ready: true, migration: last.tag });
});

it('counts a database never migrated as one that is there with every migration pending', async () => {
  const empty = openDatabase({ dataDir: 'memory://' });
  // Started first: an embedded database's first statement starts it, longer than a probe waits.
  await empty.db.execute(sql`select 1`);
  useDatabase(empty);
  try {
    expect(await readiness(false)).toEqual({ ready: false, reason: 'migrations-pending', migration: last.tag });
  } finally {
    useDatabase(migrated);
    await empty.close();
  }
});

it('says the database is unreachable when nothing answers', async () => {
  // Nothing listens on port 1: the connection is refused.
  const nowhere = openDatabase({ url: 'postgres://tribuna@127.0.0.1:1/tribuna', poolSize: 1 });
  useDatabase(nowhere);
  try {
    expect(await readiness(false)).toEqual({ ready: false, reason: 'database-unreachable' });
  } finally {
    useDatabase(migrated);
    await nowhere.close();
  }
});
