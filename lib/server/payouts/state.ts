import 'server-only';
import { sql, type SQL } from 'drizzle-orm';

// A payout's state, defined once: the seller's ledger shows it and a payout run claims by it.
// Both read payouts as `p` joined with its listing's event as `e`.
//
//   waiting     the event has not taken place yet (coalesce(ends_at, starts_at) is still ahead), or the
//               order that bought the ticket is not paid (or was refunded)
//   due         pending, in no run, the event over and the buyer's order paid: the next run pays it —
//               if the seller has a bank account (needsBankAccount otherwise)
//   processing  in a prepared run: its file is with the bank
//   paid        the run was confirmed (paid_at, paid_to)
//   cancelled   the event was cancelled and the buyer refunded (organiser/cancel.ts)
//
// Why wait for the event: until it has taken place a cancellation refunds the buyer, and money already
// paid out to the seller could not be taken back.

export type PayoutState = 'waiting' | 'due' | 'processing' | 'paid' | 'cancelled';

/** The event is over and the resale buyer's order is paid (not refunded). */
export function payableSql(now: Date): SQL {
  return sql`(coalesce(e.ends_at, e.starts_at) <= ${now.toISOString()}::timestamptz and exists (
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
