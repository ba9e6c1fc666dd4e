// Money summed straight from the tables, written apart from the event ledger (lib/server/reports/ledger.ts)
// so that the ledger can be checked against it: the reconciliation suites.
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { rowsOf } from '@/lib/server/db/client';

export type Independent = { primaryNet: number; ticketFees: number; serviceFees: number; resaleFees: number; share: number; collected: number; primaryGross: number; discounts: number; credits: number; refunds: number };

/**
 * The figures of one event over [from, to), summed straight from the tables: a sale is an order with
 * paid_at in the period; a refund of a sale is a refunded order whose current payment's refund was
 * queued in the period (an order that took no money, when it was refunded: orders.refunded_at; before that column, when it was paid); what was collected
 * is what the orders' current payments took, less what the refund queue gave back of them. Wallet credit
 * and loyalty points an order was paid with (orders.loyalty_amount, its wallet spend) are the organiser's.
 */
export async function independentSums(db: Db, eventId: string, from: Date, to: Date): Promise<Independent> {
  const [row] = rowsOf<Record<string, string | number>>(
    await db.execute(sql`
      with sold as (
        select o.id, o.status, o.discount_amount, o.loyalty_amount, o.current_payment_id, o.paid_at
        from orders o
        where o.event_id = ${eventId} and o.paid_at >= ${from.toISOString()}::timestamptz and o.paid_at < ${to.toISOString()}::timestamptz
      ),
      given_back as (
        select o.id, o.discount_amount, o.loyalty_amount, o.current_payment_id
        from orders o
        left join refunds r on r.payment_id = o.current_payment_id
        where o.event_id = ${eventId} and o.status = 'refunded' and o.paid_at is not null
          and coalesce(r.created_at, o.refunded_at, o.paid_at) >= ${from.toISOString()}::timestamptz and coalesce(r.created_at, o.refunded_at, o.paid_at) < ${to.toISOString()}::timestamptz
      )
      select
        (select coalesce(sum(i.price_amount), 0) from order_items i where i.listing_id is null and i.order_id in (select id from sold)) as gross_sold,
        (select coalesce(sum(discount_amount), 0) from sold) as discount_sold,
        (select coalesce(sum(loyalty_amount), 0) from sold) + (select coalesce(sum(w.amount), 0) from wallet_ledger w where w.kind = 'order_spend' and w.order_id in (select id from sold)) as credits_sold,
        (select coalesce(sum(i.fee_amount), 0) from order_items i where i.listing_id is null and i.order_id in (select id from sold)) as service_sold,
        (select coalesce(sum(i.platform_fee_amount), 0) from order_items i where i.listing_id is null and i.order_id in (select id from sold)) as platform_sold,
        (select coalesce(sum(i.platform_fee_amount), 0) from order_items i where i.listing_id is null and i.order_id in (select id from given_back)) as platform_back,
        (select coalesce(sum(i.fee_amount), 0) from order_items i where i.listing_id is not null and i.order_id in (select id from sold)) as buyer_fee_sold,
        (select coalesce(sum(p.fee_amount), 0) from payouts p where p.listing_id in (select i.listing_id from order_items i where i.order_id in (select id from sold))) as seller_fee_sold,
        (select coalesce(sum(p.organiser_share_amount), 0) from payouts p where p.listing_id in (select i.listing_id from order_items i where i.order_id in (select id from sold))) as share_sold,
        (select coalesce(sum(i.price_amount), 0) from order_items i where i.listing_id is null and i.order_id in (select id from given_back)) as gross_back,
        (select coalesce(sum(discount_amount), 0) from given_back) as discount_back,
        (select coalesce(sum(loyalty_amount), 0) from given_back) + (select coalesce(sum(w.amount), 0) from wallet_ledger w where w.kind = 'order_spend' and w.order_id in (select id from given_back)) as credits_back,
        (select coalesce(sum(i.fee_amount), 0) from order_items i where i.listing_id is null and i.order_id in (select id from given_back)) as service_back,
        (select coalesce(sum(i.fee_amount), 0) from order_items i where i.listing_id is not null and i.order_id in (select id from given_back)) as buyer_fee_back,
        (select coalesce(sum(p.fee_amount), 0) from payouts p where p.listing_id in (select i.listing_id from order_items i where i.order_id in (select id from given_back))) as seller_fee_back,
        (select coalesce(sum(p.organiser_share_amount), 0) from payouts p where p.listing_id in (select i.listing_id from order_items i where i.order_id in (select id from given_back))) as share_back,
        (select coalesce(sum(pm.amount), 0) from payments pm where pm.status in ('succeeded', 'refunded') and pm.id in (select current_payment_id from sold)) as paid,
        (select coalesce(sum(r.amount), 0) from refunds r
          join orders o on o.current_payment_id = r.payment_id
          where o.event_id = ${eventId} and o.paid_at is not null
            and r.created_at >= ${from.toISOString()}::timestamptz and r.created_at < ${to.toISOString()}::timestamptz) as refunded
    `),
  );
  const n = (k: string) => Number(row[k]);
  return {
    primaryGross: n('gross_sold'),
    discounts: n('discount_sold'),
    credits: n('credits_sold'),
    refunds: n('gross_back') - n('discount_back') - n('credits_back'),
    primaryNet: n('gross_sold') - n('discount_sold') - n('credits_sold') - (n('gross_back') - n('discount_back') - n('credits_back')),
    serviceFees: n('service_sold') - n('service_back'),
    ticketFees: n('platform_sold') - n('platform_back'),
    resaleFees: n('buyer_fee_sold') + n('seller_fee_sold') - n('buyer_fee_back') - n('seller_fee_back'),
    share: n('share_sold') - n('share_back'),
    collected: n('paid') - n('refunded'),
  };
}

