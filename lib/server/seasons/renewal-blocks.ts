import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb, rowsOf, type Db, type Tx } from '@/lib/server/db';
import { availabilityChanged, eventChanged } from '@/lib/server/events/changed';

/**
 * Holds last season's unrenewed seats back from every sale while a renewal window lasts, and gives them
 * back once it has ended (the database function season_renewal_sweep). Run by the sweeper and after
 * every change of a season; answers the matches whose seats changed (their availability is told).
 */
export async function sweepSeasonRenewals(options: { db?: Db | Tx; now?: Date } = {}): Promise<string[]> {
  const db = options.db ?? getDb();
  const now = options.now ?? new Date();
  const rows = rowsOf<{ event_id: string }>(await db.execute(sql`select event_id from season_renewal_sweep(${now.toISOString()}::timestamptz)`));
  const events = rows.map((r) => r.event_id);
  for (const eventId of events) {
    await eventChanged(eventId);
    availabilityChanged(eventId);
  }
  return events;
}
