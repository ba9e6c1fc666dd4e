import 'server-only';
import { and, asc, inArray, not } from 'drizzle-orm';
import { getDb, tables, type Db } from '@/lib/server/db';
import { endHold } from '@/lib/server/cart/lifecycle';
import { holdIsLive } from '@/lib/server/cart/live';
import { inviteDueFeedback, INVITE_BATCH } from '@/lib/server/feedback/invitations';
import { availabilityChanged } from '@/lib/server/events/changed';
import { finishCancelledEvents } from '@/lib/server/events/cancel';
import { processDueRefunds } from '@/lib/server/payments/refunds';
import { queueDueNotifications } from '@/lib/server/notifications/scheduled';
import { sendDueNotifications } from '@/lib/server/notifications/sender';
import { sweepWaitingLists } from '@/lib/server/waiting-list/offers';
import { eraseExpiredHolders } from '@/lib/server/named-tickets/erase';
import { sweepSeasonRenewals } from '@/lib/server/seasons/renewal-blocks';
import { keepUnsoldReleases } from '@/lib/server/seasons/release';

const BATCH = 200;
const REFUND_BATCH = 20;

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
 * ends expired holds, offers returned tickets to waiting lists (waiting-list/offers.ts), finishes
 * cancelled events that still have paid orders (organiser/cancel.ts), works the refund queue
 * (payments/refunds.ts), invites checked-in holders to give feedback once their event is over
 * (feedback/invitations.ts), then queues the due reminders and sends the notification queue
 * (notifications/), and erases named tickets' holders 30 days after their event (named-tickets/erase.ts).
 * All are safe with several processes at once (SKIP LOCKED, or a claimed row per invitation).
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
      // After the expired carts were ended: what they held, and offers that ran out, go to the waiting lists.
      await sweepWaitingLists();
    } catch (error) {
      console.error('Waiting lists failed:', error instanceof Error ? error.message : error);
    }
    try {
      // Released season seats nobody bought by their match's sale close stay their holders' (seasons/release.ts).
      await keepUnsoldReleases();
    } catch (error) {
      console.error('Season release sweep failed:', error instanceof Error ? error.message : error);
    }
    try {
      // Last season's unrenewed seats: held back while a renewal window lasts, back on sale after it.
      await sweepSeasonRenewals();
    } catch (error) {
      console.error('Season renewal sweep failed:', error instanceof Error ? error.message : error);
    }
    try {
      // Before the refund queue, so that the refunds it queues go out in this same tick.
      await finishCancelledEvents();
    } catch (error) {
      console.error('Event cancellations failed:', error instanceof Error ? error.message : error);
    }
    try {
      // Named tickets: the holders' data of events over 30 days ago (Slovak act 1/2014).
      while ((await eraseExpiredHolders()) === 500) {
        /* a backlog: keep going */
      }
    } catch (error) {
      console.error('Holder erasure failed:', error instanceof Error ? error.message : error);
    }
    try {
      while ((await processDueRefunds({ limit: REFUND_BATCH })).length === REFUND_BATCH) {
        /* a backlog: keep going (a failed refund is due again only later, so this ends) */
      }
    } catch (error) {
      console.error('Refund queue failed:', error instanceof Error ? error.message : error);
    }
    try {
      while ((await inviteDueFeedback()).length === INVITE_BATCH) {
        /* a stadium's worth of holders: keep going */
      }
    } catch (error) {
      console.error('Feedback invitations failed:', error instanceof Error ? error.message : error);
    }
    try {
      // Reminders, expiring carts and feedback invitations first, so that they go out in this same tick.
      await queueDueNotifications();
      const started = Date.now();
      // A backlog (an announcement to a stadium) is worked for a few seconds a tick; the rest waits for the next.
      while ((await sendDueNotifications()).length && Date.now() - started < seconds * 500) {
        /* keep going */
      }
    } catch (error) {
      console.error('Notification queue failed:', error instanceof Error ? error.message : error);
    } finally {
      running = false;
    }
  };
  globalForSweeper.__tribunaSweeper = setInterval(tick, seconds * 1000);
  globalForSweeper.__tribunaSweeper.unref();
}
