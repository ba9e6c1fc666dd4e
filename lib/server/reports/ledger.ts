import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb, rowsOf } from '@/lib/server/db';

// The money of events, defined once: the event report, the organisation overview and the organiser's
// settlement all read their figures from here, so they cannot disagree.
//
// A sale is an order's share of one event (order_shares: an ordinary order has one, a season ticket one per
// match, split when it was paid by functions.sql order_split), counted once the order was paid. Its items
// are the order's lines at that event: primary tickets (ticket price, service fee, and the share of the
// coupon discount, which only ever reduces primary tickets: cart/totals.ts) and resale tickets (listing
// price and buyer fee; the seller's fee and the organiser's share of both fees are on the seller's payout).
// A refunded share — a cancelled event refunds every share of it (events/cancel.ts) — reverses every
// figure of that share; a part refund (one ticket, an amount: lib/server/refunds) reverses that part. Payments that never completed an order (a second payment, a late one) are refunded
// too, but they were never sales and appear nowhere here.
//
// With a period, sales count by when they were paid and refunds by when they were made, so a period's
// statement is final once the period is over, whatever happens later. An order that took no money (wallet
// credit, loyalty points or a coupon covered it: no provider payment, orders/checkout.ts) is a sale like any,
// collecting 0; its refund moves no money.
//
// Wallet credit and loyalty points are the organiser's, like its coupons: the credit is what it owes a
// season-ticket holder for a released match (seasons/release.ts), the points its own loyalty programme.
// What a buyer paid with them comes off the organiser's sales, never out of Tribuna's pocket.

export type LedgerScope = { eventIds: string[]; from?: Date; to?: Date };

/** One side (sales, or the refunds of sales) of an event's money, in minor units of its currency. */
export type LedgerSide = {
  orders: number;
  primaryTickets: number;
  /** Face prices of the primary tickets, before coupons. */
  ticketRevenue: number;
  /** Coupon discounts (primary tickets only). */
  discounts: number;
  /** What the buyers paid with the organiser's wallet credit and loyalty points. */
  credits: number;
  /** Service fees the buyers paid on primary tickets: Tribuna's. */
  serviceFees: number;
  /**
   * Tribuna's platform fee on the primary tickets (the organisation's terms, fixed on each order line:
   * functions.sql order_item_platform_fee): deducted from what the organiser is owed. A refunded share gives
   * its tickets' platform fee back in full, like every other figure of the share.
   */
  ticketFees: number;
  resaleTickets: number;
  /** Listing prices of tickets resold: the sellers'. */
  resaleVolume: number;
  resaleBuyerFees: number;
  resaleSellerFees: number;
  /** The organiser's part of the two resale fees (its resale policy's share, fixed when the ticket sold). */
  organiserResaleShare: number;
  /** What the buyers paid: the orders' totals. */
  collected: number;
};

export type EventLedger = { eventId: string; currency: 'EUR' | 'CZK'; sales: LedgerSide; refunds: LedgerSide };

const SIDE_KEYS = [
  'orders',
  'primaryTickets',
  'ticketRevenue',
  'discounts',
  'credits',
  'serviceFees',
  'ticketFees',
  'resaleTickets',
  'resaleVolume',
  'resaleBuyerFees',
  'resaleSellerFees',
  'organiserResaleShare',
  'collected',
] as const satisfies readonly (keyof LedgerSide)[];

export function emptySide(): LedgerSide {
  return Object.fromEntries(SIDE_KEYS.map((k) => [k, 0])) as LedgerSide;
}

export function addSides(a: LedgerSide, b: LedgerSide): LedgerSide {
  return Object.fromEntries(SIDE_KEYS.map((k) => [k, a[k] + b[k]])) as LedgerSide;
}

/** The figures of a statement derived from the two sides; every one is a sum or difference of ledger sums. */
export function netFigures(ledger: { sales: LedgerSide; refunds: LedgerSide }) {
  const { sales, refunds } = ledger;
  const primaryNet = sales.ticketRevenue - sales.discounts - sales.credits - (refunds.ticketRevenue - refunds.discounts - refunds.credits);
  const serviceFees = sales.serviceFees - refunds.serviceFees;
  const ticketFees = sales.ticketFees - refunds.ticketFees;
  const organiserResaleShare = sales.organiserResaleShare - refunds.organiserResaleShare;
  const resaleFees = sales.resaleBuyerFees + sales.resaleSellerFees - (refunds.resaleBuyerFees + refunds.resaleSellerFees);
  return {
    /** Primary ticket sales net of coupons, wallet credit and loyalty points spent, and refunds: the organiser's. */
    primaryNet,
    /** The platform's fees: service fees kept, the platform fee on tickets, and the resale fees less the organiser's share. */
    platformFees: serviceFees + ticketFees + resaleFees - organiserResaleShare,
    serviceFees,
    /** Tribuna's platform fee on primary tickets (the organisation's commercial terms), less refunded ones: deducted from what it is owed. */
    ticketFees,
    resaleFees,
    organiserResaleShare,
    /** What Tribuna owes the organiser: its sales and resale share, less the platform fee. */
    owedToOrganiser: primaryNet - ticketFees + organiserResaleShare,
    /** What buyers paid and kept paid. */
    collectedNet: sales.collected - refunds.collected,
  };
}

type Row = { event_id: string; currency: 'EUR' | 'CZK'; side: 'sales' | 'refunds' } & Record<string, number | string>;

const COLUMNS: Record<(typeof SIDE_KEYS)[number], string> = {
  orders: 'orders',
  primaryTickets: 'primary_tickets',
  ticketRevenue: 'ticket_revenue',
  discounts: 'discounts',
  credits: 'credits',
  serviceFees: 'service_fees',
  ticketFees: 'ticket_fees',
  resaleTickets: 'resale_tickets',
  resaleVolume: 'resale_volume',
  resaleBuyerFees: 'resale_buyer_fees',
  resaleSellerFees: 'resale_seller_fees',
  organiserResaleShare: 'organiser_resale_share',
  collected: 'collected',
};

/**
 * The ledger of each event in scope (events without sales included, all zero). Callers check access
 * first: this reads whatever events it is given.
 */
export async function eventLedgers(scope: LedgerScope, db: Pick<ReturnType<typeof getDb>, 'execute'> = getDb()): Promise<EventLedger[]> {
  if (!scope.eventIds.length) return [];
  // As ISO text: postgres.js takes no Date as a raw query's parameter (PGlite does, so only PostgreSQL failed).
  const from = scope.from?.toISOString() ?? null;
  const to = scope.to?.toISOString() ?? null;
  const ids = sql.join(
    scope.eventIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const inPeriod = (column: string) => sql`(${from}::timestamptz is null or ${sql.raw(column)} >= ${from}::timestamptz) and (${to}::timestamptz is null or ${sql.raw(column)} < ${to}::timestamptz)`;
  const result = await db.execute(sql`
    with sale as (
      select s.order_id as id, s.event_id, o.event_id as order_event_id, o.paid_at, s.refunded_at, s.discount_amount, s.credit_amount, s.total_amount, s.refunded_amount
      from order_shares s
      join orders o on o.id = s.order_id
      where s.event_id in (${ids}) and o.paid_at is not null
    ),
    per_order as (
      select s.id, s.event_id, s.paid_at, s.refunded_at, s.discount_amount,
        s.credit_amount as credits, s.total_amount, s.refunded_amount,
        count(oi.id) filter (where oi.listing_id is null) as primary_tickets,
        coalesce(sum(oi.price_amount) filter (where oi.listing_id is null), 0) as ticket_revenue,
        coalesce(sum(oi.fee_amount) filter (where oi.listing_id is null), 0) as service_fees,
        coalesce(sum(oi.platform_fee_amount) filter (where oi.listing_id is null), 0) as ticket_fees,
        count(oi.id) filter (where oi.listing_id is not null) as resale_tickets,
        coalesce(sum(oi.price_amount) filter (where oi.listing_id is not null), 0) as resale_volume,
        coalesce(sum(oi.fee_amount) filter (where oi.listing_id is not null), 0) as resale_buyer_fees,
        coalesce(sum(p.fee_amount), 0) as resale_seller_fees,
        coalesce(sum(p.organiser_share_amount), 0) as organiser_resale_share
      from sale s
      join order_items oi on oi.order_id = s.id
      left join inventory_units u on u.id = oi.unit_id
      left join resale_listings l on l.id = oi.listing_id
      left join payouts p on p.listing_id = oi.listing_id
      -- The share's lines: those at its event (as functions.sql order_split assigns them).
      where coalesce(u.event_id, l.event_id, s.order_event_id) = s.event_id
      group by s.id, s.event_id, s.paid_at, s.refunded_at, s.discount_amount, s.credit_amount, s.total_amount, s.refunded_amount
    ),
    -- Part refunds (lib/server/refunds): a ticket (its price, coupon share, service fee returned, credit and
    -- points given back, money sent back) or an amount (price and money: the organiser bears it), each counted
    -- when it was made; a fee kept stays a sale.
    part as (
      select p.order_id, p.event_id, p.created_at, (p.kind = 'ticket')::int as tickets, p.price_amount, p.discount_amount, p.fee_amount,
        p.fee_kept_amount, p.wallet_amount + p.points_amount as credits, p.money_amount,
        -- a refunded ticket gives back its platform fee, as a refunded order gives back its tickets' (organiser-payouts.md)
        coalesce(oi.platform_fee_amount, 0) as ticket_fees
      from partial_refunds p join orders o on o.id = p.order_id
      left join tickets t on t.id = p.ticket_id
      left join order_items oi on oi.order_id = t.order_id and oi.unit_id = t.unit_id and oi.listing_id is null
      where p.event_id in (${ids}) and o.paid_at is not null
    ),
    part_sum as (
      select order_id, event_id, sum(tickets)::int as tickets, sum(price_amount)::int as price, sum(discount_amount)::int as discount,
        sum(fee_amount + fee_kept_amount)::int as fees, sum(credits)::int as credits, sum(money_amount + fee_kept_amount)::int as money, sum(ticket_fees)::int as ticket_fees
      from part group by order_id, event_id
    ),
    -- A refunded share gives back its money (refunded_amount) and whatever of it was not paid back as money
    -- (wallet credit instead, or a released seat's credit already given: events/cancel.ts) counts with the
    -- credits: the organiser owes it to the fan as credit, as it owes a release's. What part refunds gave
    -- back of it before is counted there, not again here.
    sides as (
      select 'sales' as side, id, event_id, primary_tickets, ticket_revenue, discount_amount, credits, service_fees, ticket_fees,
        resale_tickets, resale_volume, resale_buyer_fees, resale_seller_fees, organiser_resale_share, total_amount
      from per_order where ${inPeriod('paid_at')}
      union all
      select 'refunds' as side, s.id, s.event_id, s.primary_tickets - coalesce(ps.tickets, 0), s.ticket_revenue - coalesce(ps.price, 0),
        s.discount_amount - coalesce(ps.discount, 0),
        s.credits - coalesce(ps.credits, 0) + s.total_amount - coalesce(ps.money, 0) - s.refunded_amount,
        s.service_fees - coalesce(ps.fees, 0), s.ticket_fees - coalesce(ps.ticket_fees, 0),
        s.resale_tickets, s.resale_volume, s.resale_buyer_fees, s.resale_seller_fees, s.organiser_resale_share, s.refunded_amount
      from per_order s left join part_sum ps on ps.order_id = s.id and ps.event_id = s.event_id
      where s.refunded_at is not null and ${inPeriod('s.refunded_at')}
      union all
      select 'refunds' as side, null::uuid, event_id, tickets, price_amount, discount_amount, credits, fee_amount, ticket_fees, 0, 0, 0, 0, 0, money_amount
      from part where ${inPeriod('created_at')}
    )
    select e.id as event_id, e.currency, x.side,
      count(s.id)::int as orders,
      coalesce(sum(s.primary_tickets), 0)::int as primary_tickets,
      coalesce(sum(s.ticket_revenue), 0)::bigint as ticket_revenue,
      coalesce(sum(s.discount_amount), 0)::bigint as discounts,
      coalesce(sum(s.credits), 0)::bigint as credits,
      coalesce(sum(s.service_fees), 0)::bigint as service_fees,
      coalesce(sum(s.ticket_fees), 0)::bigint as ticket_fees,
      coalesce(sum(s.resale_tickets), 0)::int as resale_tickets,
      coalesce(sum(s.resale_volume), 0)::bigint as resale_volume,
      coalesce(sum(s.resale_buyer_fees), 0)::bigint as resale_buyer_fees,
      coalesce(sum(s.resale_seller_fees), 0)::bigint as resale_seller_fees,
      coalesce(sum(s.organiser_resale_share), 0)::bigint as organiser_resale_share,
      coalesce(sum(s.total_amount), 0)::bigint as collected
    from events e
    cross join (values ('sales'), ('refunds')) as x(side)
    left join sides s on s.event_id = e.id and s.side = x.side
    where e.id in (${ids})
    group by e.id, e.currency, x.side
  `);
  const byEvent = new Map<string, EventLedger>();
  for (const row of rowsOf<Row>(result)) {
    const ledger = byEvent.get(row.event_id) ?? { eventId: row.event_id, currency: row.currency, sales: emptySide(), refunds: emptySide() };
    ledger[row.side] = Object.fromEntries(SIDE_KEYS.map((k) => [k, Number(row[COLUMNS[k]])])) as LedgerSide;
    byEvent.set(row.event_id, ledger);
  }
  return scope.eventIds.filter((id) => byEvent.has(id)).map((id) => byEvent.get(id)!);
}

export type CouponUse = { code: string; uses: number; discount: number };

/**
 * The coupon discounts of an event's sales per code: the sales side's `discounts`, split by the coupon
 * each order used (their sum is that figure). A use is a sale (a paid order) with the code.
 */
export async function couponUses(eventId: string): Promise<CouponUse[]> {
  const result = await getDb().execute(sql`
    select c.code, count(o.id)::int as uses, coalesce(sum(s.discount_amount), 0)::bigint as discount
    from order_shares s
    join orders o on o.id = s.order_id
    join coupons c on c.id = o.coupon_id
    where s.event_id = ${eventId}::uuid and o.paid_at is not null
    group by c.code
    order by c.code
  `);
  return rowsOf<{ code: string; uses: number; discount: number | string }>(result).map((r) => ({ code: r.code, uses: Number(r.uses), discount: Number(r.discount) }));
}
