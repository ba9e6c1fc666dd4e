// A fresh database per test file: in-memory PGlite by default, or a new PostgreSQL database
// when TEST_DATABASE_URL is set (npm run test:pg). Call useTestDatabase() at the top of a file.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { closeDatabase, openDatabase, useDatabase, type Db } from '@/lib/server/db/client';

export type TestDatabase = { db: Db; kind: 'pglite' | 'postgres'; url?: string };

export function isPostgresRun(): boolean {
  return Boolean(process.env.TEST_DATABASE_URL);
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export function useTestDatabase(): TestDatabase {
  const state = {} as TestDatabase;
  let dropName: string | null = null;
  let admin: ReturnType<typeof postgres> | null = null;

  beforeAll(async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl) {
      dropName = `tribuna_t_${randomBytes(6).toString('hex')}`;
      admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`CREATE DATABASE ${dropName}`);
      state.url = withDatabase(adminUrl, dropName);
      const handle = openDatabase({ url: state.url, poolSize: 20 });
      await handle.migrate();
      useDatabase(handle);
      state.db = handle.db;
      state.kind = 'postgres';
    } else {
      const handle = openDatabase({ dataDir: 'memory://' });
      await handle.migrate();
      useDatabase(handle);
      state.db = handle.db;
      state.kind = 'pglite';
    }
  });

  afterAll(async () => {
    await closeDatabase();
    if (admin && dropName) {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${dropName} WITH (FORCE)`);
      await admin.end();
    }
  });

  return state;
}
