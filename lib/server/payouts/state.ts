import 'server-only';
import { sql, type SQL } from 'drizzle-orm';

// A payout's state, defined once: the seller's ledger shows it and a payout run claims by it.
// Both read payouts as `p` joined with its listing's event as `e`.
//
//   waiting     the event has not taken place yet (its end, the latest it had while sold, plus
//               the wait, payoutWaitHours, is still ahead), it was cancelled, or the order that bought the
//               ticket is not paid (or was refunded)
//   due         pending, in no run, the event over and the buyer's order paid: the next run pays it —
//               if the seller has a bank account (needsBankAccount otherwise)
//   processing  in a prepared run: its file is with the bank
//   paid        the run was confirmed (paid_at, paid_to)
//   cancelled   the event was cancelled and the buyer refunded (events/cancel.ts)
//
// Why wait for the event: until it has taken place a cancellation refunds the buyer, and money already
// paid out to the seller could not be taken back.

export type PayoutState = 'waiting' | 'due' | 'processing' | 'paid' | 'cancelled';

/**
 * How long after the event really ended a payout waits, by default: a cancellation or a date moved on the
 * night still reaches it before the money leaves.
 */
export const DEFAULT_PAYOUT_WAIT_HOURS = 12;

/** The most PAYOUT_WAIT_HOURS may say: a year. */
export const MAX_PAYOUT_WAIT_HOURS = 8760;

/** A PAYOUT_WAIT_HOURS the servers must not start with (npm run doctor names it; the server refuses it at start). */
export class PayoutWaitError extends Error {}

/**
 * The wait of this deployment: PAYOUT_WAIT_HOURS (whole hours, 0 to a year; 0 pays as soon as the event
 * ended — the e2e servers use it), else DEFAULT_PAYOUT_WAIT_HOURS. Anything else throws PayoutWaitError
 * rather than paying on some other wait than the operator asked for.
 */
export function payoutWaitHours(env: Record<string, string | undefined> = process.env): number {
  const text = (env.PAYOUT_WAIT_HOURS ?? '').trim();
  if (text === '') return DEFAULT_PAYOUT_WAIT_HOURS;
  if (!/^\d+$/.test(text) || Number(text) > MAX_PAYOUT_WAIT_HOURS) {
    throw new PayoutWaitError(
      `PAYOUT_WAIT_HOURS "${env.PAYOUT_WAIT_HOURS}" is not a whole number of hours from 0 to ${MAX_PAYOUT_WAIT_HOURS}: how long after an event ended its payouts wait (default ${DEFAULT_PAYOUT_WAIT_HOURS}; 0 pays as soon as it ended).`,
    );
  }
  return Number(text);
}

/**
 * When the event really ended, for its payouts: the later of its end now and the latest end it had while
 * tickets were sold (events.latest_end_at): moving a match later, or earlier and back, never makes its
 * payouts due sooner than the end its buyers were promised.
 */
export const payoutEndSql = sql`greatest(coalesce(e.ends_at, e.starts_at), coalesce(e.latest_end_at, e.ends_at, e.starts_at))`;

/** When the payouts of event `e` are due: when it really ended (payoutEndSql) plus the deployment's wait (payoutWaitHours). */
export function payoutDueAtSql(): SQL {
  return sql`(${payoutEndSql} + make_interval(hours => ${payoutWaitHours()}::int))`;
}

/** The event took place (not cancelled) and ended the wait (payoutWaitHours) ago, and the resale buyer's order is paid (not refunded). */
export function payableSql(now: Date): SQL {
  return sql`(e.status <> 'cancelled' and ${payoutDueAtSql()} <= ${now.toISOString()}::timestamptz and exists (
    select 1 from order_items oi join orders o on o.id = oi.order_id
    where oi.listing_id = p.listing_id and o.status = 'paid'))`;
}

/** Due: what the next run of its currency takes (the seller's bank account aside). */
export function dueSql(now: Date): SQL {
  return sql`(p.status = 'pending' and p.run_id is null and ${payableSql(now)})`;
}

/** The state of payout `p` (of event `e`) at `now`. */
export function stateSql(now: Date): SQL {
  return sql`(case
    when p.status = 'paid' then 'paid'
    when p.status = 'cancelled' then 'cancelled'
    when p.run_id is not null then 'processing'
    when ${payableSql(now)} then 'due'
    else 'waiting' end)`;
}
