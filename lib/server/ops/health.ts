// Liveness and readiness (lib/server/serving/server.ts answers them, before anything else, on the public
// port and on METRICS_PORT, also while draining). Live: the process answers HTTP. Ready: the database
// answers, the last migration of this release's journal is applied, and the server is not draining.
// One statement per readiness probe (no cache: the load balancer must see a database that went away).
import { sql } from 'drizzle-orm';
import { getDb, rowsOf } from '@/lib/server/db/client';
import { committedMigrations } from '@/lib/server/db/migration-status';

export type Readiness = { ready: true; migration: string } | { ready: false; reason: 'draining' | 'database-unreachable' | 'migrations-pending'; migration?: string };

/** How long a probe waits for the database before it calls it unreachable. */
const PROBE_TIMEOUT_MS = 2000;

let lastMigration: { when: number; tag: string } | undefined;

/** The last migration of this release (lib/server/db/migration-status.ts reads the journal), read once. */
function journalsLast(): { when: number; tag: string } {
  lastMigration ??= committedMigrations().reduce((a, b) => (b.when > a.when ? b : a));
  return lastMigration;
}

function timeout(ms: number): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new Error('readiness probe timed out')), ms).unref());
}

/**
 * Whether this server should be given requests. `draining`: it got SIGTERM. The database's answer is
 * drizzle's own record of applied migrations (created_at is the journal's `when`).
 */
export async function readiness(draining: boolean): Promise<Readiness> {
  if (draining) return { ready: false, reason: 'draining' };
  const last = journalsLast();
  let applied: number;
  try {
    const rows = rowsOf<{ last: string | number | null }>(
      await Promise.race([getDb().execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`), timeout(PROBE_TIMEOUT_MS)]),
    );
    applied = Number(rows[0]?.last ?? 0);
  } catch (error) {
    // No migrations table (or schema) yet is a database that is there: nothing applied.
    const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
    if (code === '42P01' || code === '3F000') applied = 0;
    else return { ready: false, reason: 'database-unreachable' };
  }
  return applied >= last.when ? { ready: true, migration: last.tag } : { ready: false, reason: 'migrations-pending', migration: last.tag };
}
