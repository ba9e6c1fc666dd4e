// The ONE place that creates a database client (DESIGN.md §6.1). No 'server-only' marker here:
// scripts (migrate, seed) and Jest import it outside Next.js; lib/server/db/index.ts re-exports it for the app.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { threadId } from 'node:worker_threads';
import postgres from 'postgres';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; domain functions accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const MIGRATIONS_FOLDER = path.join(/*turbopackIgnore: true*/ process.cwd(), 'lib/server/db/migrations');

/**
 * The database functions (the cart's holds and what counts as free), one file applied with CREATE OR
 * REPLACE after the migrations, so that changing a rule is a diff of that file, not a copied migration.
 */
const FUNCTIONS_FILE = path.join(/*turbopackIgnore: true*/ process.cwd(), 'lib/server/db/functions.sql');

/**
 * Server processes and threads that start together each apply the file: one at a time, or PostgreSQL
 * refuses the second CREATE OR REPLACE of a function with "tuple concurrently updated".
 */
const FUNCTIONS_LOCK = 7_214_001;

/** Stops listening. */
export type Unlisten = () => Promise<void>;
type Handle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * PGlite: a mark that changes with every write (or transaction) made to this database, unique to this
   * handle; null on PostgreSQL, where other processes write too.
   */
  writeMark: () => string | null;
  close: () => Promise<void>;
  migrate: () => Promise<void>;
  /**
   * LISTEN on a channel: `onMessage` gets each NOTIFY payload (this process's own too); `onListen` runs
   * whenever the LISTEN is (re)established — after a lost connection, notices sent meanwhile are gone.
   */
  listen: (channel: string, onMessage: (payload: string) => void, onListen?: () => void) => Promise<Unlisten>;
};

const globalForDb = globalThis as unknown as { __tribunaDb?: Handle };

function pgliteDataDir(): string {
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
function preparedByDefault(client: Sql): Sql {
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

/**
 * Seconds a new connection may take to be accepted (DATABASE_CONNECT_TIMEOUT; postgres.js waits 30). A
 * database that takes longer is as good as down for a request waiting on it: the request answers 503
 * (db/unavailable.ts) instead of hanging. Raise it for a database far away over a slow link.
 */
const CONNECT_TIMEOUT_SECONDS = 5;

/**
 * Seconds before a pool connection tries again after its last attempt failed. postgres.js waits longer
 * after each failure (up to 20 s) and every request that comes meanwhile waits in its queue — a request
 * then answers after those seconds instead of 503 at once. A short, flat wait keeps the answer quick, and
 * still never tries more than a few times a second per pool connection, and only while requests come.
 */
const RECONNECT_BACKOFF_SECONDS = 0.1;

/**
 * The application_name of this thread's connections: `tribuna <pid>/<thread>`, so the metrics can count
 * this process's connections, by state, in pg_stat_activity (lib/server/ops/scrape.ts).
 */
export function connectionName(pid: number = process.pid, thread: number = threadId): string {
  return `tribuna ${pid}/${thread}`;
}

/**
 * Opens PostgreSQL when a URL is given, else PGlite in a folder (or in memory with 'memory://'); PGlite may
 * start from a dump of another data directory (`loadDataDir`, PGlite's dumpDataDir: the tests' seeded copy).
 */
export function openDatabase(options: { url?: string; dataDir?: string; poolSize?: number; loadDataDir?: Blob } = {}): Handle {
  if (options.url) {
    const target = postgresTarget(options.url);
    const client = postgres(target.url, {
      max: options.poolSize ?? Number(process.env.DATABASE_POOL_SIZE || 10),
      onnotice: () => {},
      connect_timeout: Number(process.env.DATABASE_CONNECT_TIMEOUT) > 0 ? Number(process.env.DATABASE_CONNECT_TIMEOUT) : CONNECT_TIMEOUT_SECONDS,
      backoff: () => RECONNECT_BACKOFF_SECONDS,
      connection: { application_name: connectionName() },
      // Tests count the statements sent (statementsSent). Only when asked: postgres.js's debug hook also
      // keeps each query's stack and shows its parameters on an error, neither of which production wants.
      ...(process.env.DATABASE_COUNT_STATEMENTS === '1' ? { debug: countStatement } : {}),
      ...(target.path ? { path: target.path } : {}),
    });
    const db = drizzlePostgres(process.env.DATABASE_PREPARE === '0' ? client : preparedByDefault(client), { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      writeMark: () => null,
      close: () => client.end({ timeout: 5 }),
      migrate: async () => {
        await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        const functions = readFileSync(FUNCTIONS_FILE, 'utf8');
        await client.begin(async (tx) => {
          await tx`select pg_advisory_xact_lock(${FUNCTIONS_LOCK})`;
          // Simple protocol: the file is many statements.
          await tx.unsafe(functions).simple();
        });
      },
      // postgres.js listens on a connection of its own (outside the pool) and re-listens after losing it.
      listen: async (channel, onMessage, onListen) => {
        const request = await client.listen(channel, onMessage, onListen);
        return () => request.unlisten();
      },
    };
  }
  const dataDir = options.dataDir ?? pgliteDataDir();
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir, { loadDataDir: options.loadDataDir });
  const handleId = ++pgliteHandles;
  const writes = countWrites(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    writeMark: () => `${handleId}:${writes()}`,
    close: () => client.close(),
    migrate: async () => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      const functions = readFileSync(FUNCTIONS_FILE, 'utf8');
      await client.transaction((tx) => tx.exec(functions));
    },
    listen: async (channel, onMessage, onListen) => {
      const unlisten = await client.listen(channel, onMessage);
      onListen?.();
      return () => unlisten();
    },
  };
}

let statements = 0;
function countStatement(): void {
  statements++;
}

/**
 * How many statements this thread's database clients have sent since it started (PostgreSQL, when
 * DATABASE_COUNT_STATEMENTS=1: every statement a pool connection sends, BEGIN and COMMIT included; PGlite: every query and exec, a
 * transaction as its BEGIN, statements and COMMIT). Tests count the round trips of a hold and a scan by
 * the difference (tests/integration/hot-path-round-trips.test.ts); a plain increment, free to keep on.
 */
export function statementsSent(): number {
  return statements;
}

/**
 * Counts what may change PGlite's data: every statement that is not a plain SELECT, every transaction
 * (at its start and end) and every exec. The embedded database has one connection in one process,
 * every write of every thread passes here, so an answer read while the count stayed the same is still
 * the database's answer (db/memo.ts).
 */
let pgliteHandles = 0;

function countWrites(client: PGlite): () => number {
  let count = 0;
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (text: string, ...rest: unknown[]) => {
    countStatement();
    const write = !/^\s*select\b/i.test(text);
    try {
      return await (query as (...args: unknown[]) => Promise<unknown>)(text, ...rest);
    } finally {
      if (write) count++;
    }
  }) as typeof client.query;
  client.exec = (async (...args: Parameters<typeof client.exec>) => {
    countStatement();
    try {
      return await exec(...args);
    } finally {
      count++;
    }
  }) as typeof client.exec;
  client.transaction = (async (...args: Parameters<typeof client.transaction>) => {
    count++;
    // BEGIN and COMMIT, as PostgreSQL's client sends them, and each statement inside.
    statements += 2;
    const [work, ...rest] = args;
    try {
      return await transaction((tx) => {
        const txQuery = tx.query.bind(tx);
        const txExec = tx.exec.bind(tx);
        tx.query = ((...a: Parameters<typeof tx.query>) => (countStatement(), txQuery(...a))) as typeof tx.query;
        tx.exec = ((...a: Parameters<typeof tx.exec>) => (countStatement(), txExec(...a))) as typeof tx.exec;
        return work(tx);
      }, ...(rest as []));
    } finally {
      count++;
    }
  }) as typeof client.transaction;
  return () => count;
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

/** LISTEN on the process-wide database (see Handle.listen); `db` tells which database that was. */
export async function listenToDatabase(channel: string, onMessage: (payload: string) => void, onListen?: () => void): Promise<{ db: Db; unlisten: Unlisten }> {
  const current = handle();
  return { db: current.db, unlisten: await current.listen(channel, onMessage, onListen) };
}

/** PGlite: a mark that changes with every write to the process-wide database (countWrites); null on PostgreSQL. */
export function writeMark(): string | null {
  // Optional: a handle opened by an older copy of this module (a stale build beside a fresh hot API bundle) has none.
  return handle().writeMark?.() ?? null;
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
