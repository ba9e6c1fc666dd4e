import 'server-only';
import { retryOnConflict } from '@/lib/server/db/errors';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { getDb, tables, type Db, type Tx } from '@/lib/server/db';
import { paymentProviderByName } from './index';
import type { PaymentProvider } from './types';
import { log } from '@/lib/server/ops/log';
import { issueRefundCreditNotes } from '@/lib/server/documents/order-documents';

/**
 * Why a payment goes back. EVENT_CANCELLED: the organiser cancelled the event (events/cancel.ts). The part
 * refunds of lib/server/refunds: SELF_CANCELLED (a fan cancelled their own ticket), EVENT_POSTPONED (a holder
 * asked for their money after a postponement), ORGANISER_REFUND (the organiser or support refunded tickets),
 * GOODWILL (an amount given back).
 */
export type RefundReason =
  | 'NOT_CURRENT'
  | 'AMOUNT_MISMATCH'
  | 'ORDER_ALREADY_PAID'
  | 'LATE_PAYMENT_UNITS_TAKEN'
  | 'EVENT_CANCELLED'
  | 'SELF_CANCELLED'
  | 'EVENT_POSTPONED'
  | 'ORGANISER_REFUND'
  | 'GOODWILL';

const r = tables.refunds;
const BATCH = 20;
/** A worker's claim on a refund while it calls the provider: longer than any provider call takes (Stripe's client gives up after 80 s). */
const LEASE_MS = 10 * 60_000;
const FIRST_RETRY_MS = 30_000;
const LONGEST_WAIT_MS = 6 * 60 * 60_000;

/**
 * Queues a refund in the caller's transaction (the one that decided it goes back): the whole payment, or
 * with `part` one event's share of it (`amount` of it: a cancelled match of a season ticket). Each part of a
 * payment is queued at most once (unique payment_id, scope); answers whether this call queued it.
 */
export async function queueRefund(
  tx: Tx,
  input: {
    payment: { id: string; provider: string; amount: number; currency: 'EUR' | 'CZK' };
    reason: RefundReason;
    now: Date;
    part?: { eventId: string; amount: number };
  },
): Promise<boolean> {
  const { payment, reason, now, part } = input;
  const queued = await tx
    .insert(r)
    .values({
      paymentId: payment.id,
      provider: payment.provider,
      amount: part?.amount ?? payment.amount,
      currency: payment.currency,
      reason,
      scope: part?.eventId ?? 'whole',
      nextAttemptAt: now,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: r.id });
  return queued.length > 0;
}

/**
 * Queues a refund of part of a payment under its own scope (`ticket:<id>`, `amount:<id>`: lib/server/refunds),
 * in the caller's transaction, once per payment and scope; answers the refund row's id (null when that scope
 * was queued already). The caller checks the amount against what remains refundable (refundableOfPayment).
 */
export async function queueScopedRefund(
  tx: Tx,
  input: { payment: { id: string; provider: string; currency: 'EUR' | 'CZK' }; reason: RefundReason; now: Date; scope: string; amount: number },
): Promise<string | null> {
  const [row] = await tx
    .insert(r)
    .values({
      paymentId: input.payment.id,
      provider: input.payment.provider,
      amount: input.amount,
      currency: input.payment.currency,
      reason: input.reason,
      scope: input.scope,
      nextAttemptAt: input.now,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: r.id });
  return row?.id ?? null;
}

/** What of a payment may still go back: its amount less every refund queued of it (any status). */
export async function refundableOfPayment(tx: Db | Tx, payment: { id: string; amount: number }): Promise<number> {
  const [row] = await tx.select({ sum: sql<number>`coalesce(sum(${r.amount}), 0)::int` }).from(r).where(eq(r.paymentId, payment.id));
  return Math.max(0, payment.amount - Number(row?.sum ?? 0));
}

/** The provider's idempotency key of a refund: the whole payment keeps the key it always had, a share names its event. */
export function refundIdempotencyKey(refund: { paymentId: string; scope: string }): string {
  return refund.scope === 'whole' ? `refund_${refund.paymentId}` : `refund_${refund.paymentId}_${refund.scope}`;
}

/** The wait after the n-th failed attempt: 30 s, 1 min, 2 min, … doubling up to 6 h. A refund is retried until it goes through. */
function retryDelayMs(attempts: number): number {
  return Math.min(LONGEST_WAIT_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export type RefundAttempt = { paymentId: string; ok: boolean };

/**
 * Works the due refunds once (the sweeper calls it in every server process). Due rows are claimed in
 * one short transaction with SKIP LOCKED and leased (next_attempt_at moves past the provider call),
 * so no two workers, in any process, send the same refund; the provider is called outside any
 * transaction. Success ends the row for good (with the refund's credit notes); a failure is written down and tried again after
 * retryDelayMs. A worker that dies mid-call leaves the lease to run out, and the retry reaches the
 * provider with the same idempotency key (refundIdempotencyKey), which does not pay twice.
 */
export async function processDueRefunds(
  options: { db?: Db; now?: Date; limit?: number; providerFor?: (name: string) => PaymentProvider | null } = {},
): Promise<RefundAttempt[]> {
  const db = options.db ?? getDb();
  const clock = () => options.now ?? new Date();
  const providerFor = options.providerFor ?? paymentProviderByName;
  const start = clock();
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: r.id })
      .from(r)
      .where(and(eq(r.status, 'pending'), lte(r.nextAttemptAt, start)))
      .orderBy(asc(r.nextAttemptAt))
      .limit(options.limit ?? BATCH)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    return tx
      .update(r)
      .set({ attempts: sql`${r.attempts} + 1`, nextAttemptAt: new Date(start.getTime() + LEASE_MS) })
      .where(inArray(r.id, due.map((row) => row.id)))
      .returning();
  });
  const attempts: RefundAttempt[] = [];
  for (const refund of claimed) {
    try {
      const provider = providerFor(refund.provider);
      if (!provider) throw new Error(`no payment provider "${refund.provider}"`);
      const [payment] = await db.select({ providerRef: tables.payments.providerRef }).from(tables.payments).where(eq(tables.payments.id, refund.paymentId));
      await provider.refund({ id: refund.paymentId, providerRef: payment.providerRef, amount: refund.amount, idempotencyKey: refundIdempotencyKey(refund) });
      // Done: recorded with its credit notes (documents/order-documents.ts) in one transaction, run again
      // if PostgreSQL rolled it back for a conflict: the provider has paid, and is not asked again for that.
      await retryOnConflict(() =>
        db.transaction(async (tx) => {
          const refundedAt = clock();
          await tx.update(r).set({ status: 'succeeded', refundedAt, lastError: null }).where(eq(r.id, refund.id));
          await issueRefundCreditNotes(tx, refund, refundedAt);
        }),
      );
      attempts.push({ paymentId: refund.paymentId, ok: true });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const wait = retryDelayMs(refund.attempts);
      await db.update(r).set({ nextAttemptAt: new Date(clock().getTime() + wait), lastError: message }).where(eq(r.id, refund.id));
      log().error(`Refund of payment ${refund.paymentId} failed (attempt ${refund.attempts}), next try in ${Math.round(wait / 1000)} s: ${message}`);
      attempts.push({ paymentId: refund.paymentId, ok: false });
    }
  }
  return attempts;
}
