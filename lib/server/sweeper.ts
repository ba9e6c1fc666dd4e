import 'server-only';
import { and, asc, inArray, lt } from 'drizzle-orm';
import { getDb, tables, type Db } from '@/lib/server/db';
import { endHold } from '@/lib/server/cart/lifecycle';
import { availabilityChanged } from '@/lib/server/events/changed';
import { finishCancelledEvents } from '@/lib/server/organiser/cancel';
import { processDueRefunds } from '@/lib/server/payments/refunds';

const BATCH = 200;
const REFUND_BATCH = 20;

/**
 * Ends holds whose time ran out and gives their units back to sale. Several server processes may run
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
      .where(and(inArray(tables.holds.status, ['active', 'ordered']), lt(tables.holds.expiresAt, now)))
      .orderBy(asc(tables.holds.expiresAt))
      .limit(options.limit ?? BATCH)
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

const globalForSweeper = globalThis as unknown as { __tribunaSweeper?: NodeJS.Timeout };

/**
 * Started once per server process (instrumentation.ts), every SWEEP_INTERVAL_SECONDS (default 15):
 * ends expired holds, finishes cancelled events that still have paid orders (organiser/cancel.ts) and
 * works the refund queue (payments/refunds.ts). All are safe with several processes at once (SKIP LOCKED).
 */
export function startSweeper(): void {
  if (globalForSweeper.__tribunaSweeper) return;
  const seconds = Number(process.env.SWEEP_INTERVAL_SECONDS) || 15;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      while ((await sweepExpiredHolds()).length === BATCH) {
        /* a backlog: keep going */
      }
    } catch (error) {
      console.error('Hold sweeper failed:', error instanceof Error ? error.message : error);
    }
    try {
      // Before the refund queue, so that the refunds it queues go out in this same tick.
      await finishCancelledEvents();
    } catch (error) {
      console.error('Event cancellations failed:', error instanceof Error ? error.message : error);
    }
    try {
      while ((await processDueRefunds({ limit: REFUND_BATCH })).length === REFUND_BATCH) {
        /* a backlog: keep going (a failed refund is due again only later, so this ends) */
      }
    } catch (error) {
      console.error('Refund queue failed:', error instanceof Error ? error.message : error);
    } finally {
      running = false;
    }
  };
  globalForSweeper.__tribunaSweeper = setInterval(tick, seconds * 1000);
  globalForSweeper.__tribunaSweeper.unref();
}
