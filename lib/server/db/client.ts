// The ONE place that creates a database client (DESIGN.md §6.1). No 'server-only' marker here:
// scripts (migrate, seed) and Jest import it outside Next.js; lib/server/db/index.ts re-exports it for the app.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; domain functions accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const MIGRATIONS_FOLDER = path.join(/*turbopackIgnore: true*/ process.cwd(), 'lib/server/db/migrations');

type Handle = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void>; migrate: () => Promise<void> };

const globalForDb = globalThis as unknown as { __tribunaDb?: Handle };

export function pgliteDataDir(): string {
  const configured = process.env.PGLITE_DIR || '.data/pglite';
  return configured.startsWith('memory://') ? configured : path.resolve(/*turbopackIgnore: true*/ configured);
}

/**
 * A PostgreSQL URL as postgres.js takes it. As in libpq, `?host=/a/folder` means the server's Unix
 * socket in that folder (postgres://user@localhost/db?host=/var/run/postgresql): for a database on the
 * same machine it costs the app noticeably less CPU per query than TCP on loopback (README, Decisions).
 */
export function postgresTarget(url: string): { url: string; path?: string } {
  const parsed = new URL(url);
  const host = parsed.searchParams.get('host');
  if (!host?.startsWith('/')) return { url };
  parsed.searchParams.delete('host');
  return { url: parsed.toString(), path: `${host.replace(/\/$/, '')}/.s.PGSQL.${parsed.port || 5432}` };
}

type Sql = ReturnType<typeof postgres>;

/**
 * The client drizzle is given: every statement goes out as a named prepared statement, parsed and
 * planned once per connection. Drizzle asks postgres.js for unnamed statements unless a query is
 * `.prepare('name')`d, and PostgreSQL then plans each one afresh: for the joins on the hot paths that
 * is 1.5–1.9 ms of database CPU a query against 0.12–0.17 ms prepared (a scan's ticket read), most of
 * what an on-sale rush or a gate cost the database. DATABASE_PREPARE=0 turns it off, for a pooler in
 * transaction mode (PgBouncer) that cannot keep prepared statements.
 */
export function preparedByDefault(client: Sql): Sql {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe') {
        return (query: string, params?: unknown[], options?: object) => target.unsafe(query, params as never, { ...options, prepare: true });
      }
      if (property === 'begin' || property === 'savepoint') {
        const original = Reflect.get(target, property, receiver) as (...args: unknown[]) => unknown;
        return (...args: unknown[]) => {
          const body = args.pop() as (sql: Sql) => unknown;
          return original.call(target, ...args, (inner: Sql) => body(preparedByDefault(inner)));
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

/** Opens PostgreSQL when a URL is given, else PGlite in a folder (or in memory with 'memory://'). */
export function openDatabase(options: { url?: string; dataDir?: string; poolSize?: number } = {}): Handle {
  if (options.url) {
    const target = postgresTarget(options.url);
    const client = postgres(target.url, {
      max: options.poolSize ?? Number(process.env.DATABASE_POOL_SIZE || 10),
      onnotice: () => {},
      ...(target.path ? { path: target.path } : {}),
    });
    const db = drizzlePostgres(process.env.DATABASE_PREPARE === '0' ? client : preparedByDefault(client), { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      close: () => client.end({ timeout: 5 }),
      migrate: () => migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    };
  }
  const dataDir = options.dataDir ?? pgliteDataDir();
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
  };
}

function handle(): Handle {
  if (!globalForDb.__tribunaDb) {
    globalForDb.__tribunaDb = openDatabase({ url: process.env.DATABASE_URL || undefined });
  }
  return globalForDb.__tribunaDb;
}

/** The process-wide database. */
export function getDb(): Db {
  return handle().db;
}

export function databaseKind(): 'pglite' | 'postgres' {
  return handle().kind;
}

export async function migrateDatabase(): Promise<void> {
  await handle().migrate();
}

export async function closeDatabase(): Promise<void> {
  const current = globalForDb.__tribunaDb;
  globalForDb.__tribunaDb = undefined;
  if (current) await current.close();
}

/** Tests: make an already-open database the process-wide one. */
export function useDatabase(next: Handle): void {
  globalForDb.__tribunaDb = next;
}

/** Rows of a raw `db.execute(sql…)` result, whichever driver answered. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
