// The PostgreSQL client as the app opens it (lib/server/db/client.ts): every statement drizzle sends is
// a named prepared statement (planned once per connection, not once per query), inside transactions
// and savepoints too; and `?host=/folder` in DATABASE_URL reaches the server over its Unix socket.
// Run: npm run test:pg -- tests/pg/database.test.ts
import { existsSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { openDatabase, postgresTarget, rowsOf } from '@/lib/server/db/client';
import { isPostgresRun, useTestDatabase } from '../helpers/db';

const t = useTestDatabase();
const describePg = isPostgresRun() ? describe : describe.skip;

/** Statements this connection has prepared whose text mentions `needle`. */
async function preparedLike(tx: { execute: typeof t.db.execute }, needle: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from pg_prepared_statements where statement like ${`%${needle}%`}`));
  return Number(rows[0].n);
}

describePg('the PostgreSQL client', () => {
  it('prepares drizzle’s statements, in transactions and savepoints alike', async () => {
    await t.db.transaction(async (tx) => {
      await tx.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, 'nobody@example.com'));
      await tx.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, 'still-nobody@example.com'));
      // one statement, prepared once on this connection, used twice
      expect(await preparedLike(tx, 'from "users" where "users"."email" = $1')).toBe(1);
      await tx.transaction(async (savepoint) => {
        await savepoint.execute(sql`select ${1}::int + 41 as answer_in_savepoint`);
        expect(await preparedLike(savepoint, 'answer_in_savepoint')).toBe(1);
      });
    });
  });

  it('reads ?host=/folder as the server’s Unix socket in that folder, as libpq does', () => {
    expect(postgresTarget('postgres://app@localhost:5433/tribuna?host=/var/run/postgresql')).toEqual({
      url: 'postgres://app@localhost:5433/tribuna',
      path: '/var/run/postgresql/.s.PGSQL.5433',
    });
    expect(postgresTarget('postgres://app@db.internal/tribuna')).toEqual({ url: 'postgres://app@db.internal/tribuna' });
  });

  it('server processes starting together each apply the database functions file, one after the other', async () => {
    const processes = Array.from({ length: 4 }, () => openDatabase({ url: t.url!, poolSize: 1 }));
    try {
      await Promise.all(processes.map((p) => p.migrate()));
      const [row] = rowsOf<{ free: boolean; taken: boolean }>(
        await t.db.execute(sql`select unit_is_free('held', now() - interval '1 second', now()) as free, unit_is_free('held', now() + interval '1 minute', now()) as taken`),
      );
      expect(row).toEqual({ free: true, taken: false });
    } finally {
      await Promise.all(processes.map((p) => p.close()));
    }
  });

  const socketFolder = '/var/run/postgresql';
  (existsSync(`${socketFolder}/.s.PGSQL.5432`) ? it : it.skip)('connects over the Unix socket', async () => {
    const url = new URL(t.url!);
    url.searchParams.set('host', socketFolder);
    const handle = openDatabase({ url: url.toString(), poolSize: 1 });
    try {
      const [row] = rowsOf<{ tcp: string | null; db: string }>(await handle.db.execute(sql`select inet_client_addr()::text as tcp, current_database() as db`));
      expect(row.tcp).toBeNull(); // no client address: not TCP
      expect(row.db).toBe(new URL(t.url!).pathname.slice(1));
    } finally {
      await handle.close();
    }
  });
});
