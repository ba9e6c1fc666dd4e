import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '@/lib/server/db';

/**
 * The one rule of when a paid order turns 'refunded': once no share of it stands (order_shares, one per event
 * of its tickets: a season ticket's order has one per match). A cancellation refunds one share at a time
 * (events/cancel.ts), a part refund closes the shares whose last money went back (refunds/core.ts); each then
 * asks this, in the transaction that refunded the share, with the order's row locked. `note` says why
 * (orders.note: EVENT_CANCELLED, or the part refund's reason). True when the order turned refunded now.
 */
export async function refundOrderWhenNoShareStands(tx: Tx, orderId: string, input: { now: Date; note: string }): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update orders set status = 'refunded', note = ${input.note}, refunded_at = ${input.now.toISOString()}::timestamptz
      where id = ${orderId}::uuid and status = 'paid'
        and not exists (select 1 from order_shares s where s.order_id = ${orderId}::uuid and s.refunded_at is null)
      returning id`),
  );
  return rows.length > 0;
}
