import 'server-only';
// The cart's background job: holds whose time ran out end, and what they held goes back on sale.
import { and, asc, inArray, not } from 'drizzle-orm';
import { getDb, tables, type Db } from '@/lib/server/db';
import { availabilityChanged } from '@/lib/server/events/changed';
import { endHold } from './lifecycle';
import { holdIsLive } from './live';

/** Holds one pass ends at most (a tick runs passes while a whole batch comes back). */
export const SWEEP_BATCH = 200;

/**
 * Ends open holds that are not live any more (their time ran out: hold_is_live) and gives their units back to sale. Several server processes may run
 * it at once: each locks a batch with SKIP LOCKED, and endHold only ends a hold that is still open, so
 * every hold is released exactly once. Answers the ids this call ended.
 */
export async function sweepExpiredHolds(options: { db?: Db; now?: Date; limit?: number } = {}): Promise<string[]> {
  const db = options.db ?? getDb();
  const now = options.now ?? new Date();
  const ended = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: tables.holds.id, eventId: tables.holds.eventId })
      .from(tables.holds)
      .where(and(inArray(tables.holds.status, ['active', 'ordered']), not(holdIsLive(now))))
      .orderBy(asc(tables.holds.expiresAt))
      .limit(options.limit ?? SWEEP_BATCH)
      .for('update', { skipLocked: true });
    const ended: { id: string; eventId: string }[] = [];
    for (const hold of due) if (await endHold(tx, hold.id, 'expired', now)) ended.push(hold);
    return ended;
  });
  // What these holds held was free again once their time ran out (unit_is_free); told all the same, as
  // every write that gives places back is, so that shared reads need not rely on that rule.
  for (const eventId of new Set(ended.map((hold) => hold.eventId))) availabilityChanged(eventId);
  return ended.map((hold) => hold.id);
}
