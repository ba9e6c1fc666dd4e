// A fresh database per test file: in-memory PGlite by default, or a new PostgreSQL database
// when TEST_DATABASE_URL is set (npm run test:pg). Call useTestDatabase() at the top of a file;
// useTestDatabase({ seeded: true }) starts it with the demo data (lib/server/db/seed), copied from the one
// seeded copy the run made at its start (tests/helpers/jest-global.cjs) instead of seeding it again.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import postgres from 'postgres';
import { closeDatabase, openDatabase, useDatabase, type Db } from '@/lib/server/db/client';
import { runSeed } from '@/lib/server/db/seed';

export type TestDatabase = { db: Db; kind: 'pglite' | 'postgres'; url?: string };

export function isPostgresRun(): boolean {
  return Boolean(process.env.TEST_DATABASE_URL);
}

/** `url` with its database changed to `name`. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** The run's seeded copy (a PostgreSQL template database, or a PGlite dump file), when it has one. */
function seededCopy(): string | null {
  const copy = process.env.TEST_SEEDED_COPY;
  if (!copy) return null;
  return isPostgresRun() ? copy : existsSync(copy) ? copy : null;
}

export function useTestDatabase({ seeded = false }: { seeded?: boolean } = {}): TestDatabase {
  const state = {} as TestDatabase;
  let dropName: string | null = null;
  let admin: ReturnType<typeof postgres> | null = null;

  beforeAll(async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    const copy = seeded ? seededCopy() : null;
    let handle: ReturnType<typeof openDatabase>;
    if (adminUrl) {
      dropName = `tribuna_t_${randomBytes(6).toString('hex')}`;
      admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(copy ? `CREATE DATABASE ${dropName} TEMPLATE ${copy}` : `CREATE DATABASE ${dropName}`);
      state.url = withDatabase(adminUrl, dropName);
      handle = openDatabase({ url: state.url, poolSize: 20 });
    } else {
      handle = openDatabase({ dataDir: 'memory://', loadDataDir: copy ? new Blob([readFileSync(copy)]) : undefined });
    }
    if (!copy) await handle.migrate();
    useDatabase(handle);
    if (seeded && !copy) await runSeed(handle.db);
    state.db = handle.db;
    state.kind = handle.kind;
  }, 300_000); // seeding in the file (no seeded copy) gets the time the files' own beforeAll used to allow it

  afterAll(async () => {
    await closeDatabase();
    if (admin && dropName) {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${dropName} WITH (FORCE)`);
      await admin.end();
    }
  });

  return state;
}
