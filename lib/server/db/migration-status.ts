// Which committed migrations a database has not had yet: the journal drizzle-kit writes
// (lib/server/db/migrations/meta/_journal.json) against drizzle's own record of what it applied
// (drizzle.__drizzle_migrations, one row per migration with the journal's `when` as created_at). The
// migrator applies every journal entry newer than the newest row, so those are the pending ones.
// npm run doctor asks it; a server started with TRIBUNA_MIGRATE_AT_START=0 relies on it being empty.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './client';

type JournalEntry = { idx: number; when: number; tag: string };

/** The migrations committed with this code, oldest first. */
export function committedMigrations(folder = path.join(/*turbopackIgnore: true*/ process.cwd(), 'lib/server/db/migrations')): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

/** Tags of the committed migrations this database lacks (all of them on a database never migrated). */
export async function pendingMigrations(db: Db, committed: JournalEntry[] = committedMigrations()): Promise<string[]> {
  const [table] = rowsOf<{ name: string | null }>(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`));
  if (!table?.name) return committed.map((entry) => entry.tag);
  const [row] = rowsOf<{ latest: string | number | null }>(await db.execute(sql`select max(created_at) as latest from drizzle.__drizzle_migrations`));
  const latest = row?.latest === null || row?.latest === undefined ? -Infinity : Number(row.latest);
  return committed.filter((entry) => entry.when > latest).map((entry) => entry.tag);
}
