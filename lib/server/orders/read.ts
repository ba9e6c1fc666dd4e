import 'server-only';
import { textIn } from '@/lib/localized-text';
import { orderWalletCredit } from '@/lib/server/wallet';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isUuid } from '@/lib/ids';
import { getDb, rowsOf, tables } from '@/lib/server/db';
import type { Locale } from '@/lib/i18n/routing';
import { seatLabel } from '@/lib/server/cart/seat-labels';
import type { Money } from '@/lib/schemas/primitives';
import type { Order } from '@/lib/schemas/orders';
import { paymentCoverage } from '@/lib/server/payments/coverage';
import { receiptLines } from './receipt';

/** The short number a fan reads on the receipt and quotes to support: the order id's first 8 characters. */
export function orderNumber(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}

export function orderResult(status: Order['status']): Order['result'] {
  return status === 'paid' ? 'paid' : status === 'pending' ? 'pending' : 'failed';
}

/** The event of a ticket's unit: a festival pass's tickets are of the other days too. */
const unitEvents = alias(tables.events, 'unit_events');

/** One of the fan's own orders; someone else's order is not found. */
export async function getOrder(input: { user: { id: string }; orderId: string; locale: Locale }): Promise<Order | null> {
  if (!isUuid(input.orderId)) return null;
  const db = getDb();
  const [order] = await db
    .select({
      order: tables.orders,
      eventSlug: tables.events.slug,
      eventTitle: tables.events.title,
      couponCode: tables.coupons.code,
      organiser: tables.organisations.name,
      language: tables.organisations.language,
      season: { id: tables.seasons.id, slug: tables.seasons.slug, name: tables.seasons.name },
    })
    .from(tables.orders)
    .innerJoin(tables.events, eq(tables.events.id, tables.orders.eventId))
    .innerJoin(tables.organisations, eq(tables.organisations.id, tables.events.orgId))
    .innerJoin(tables.holds, eq(tables.holds.id, tables.orders.holdId))
    .leftJoin(tables.seasons, eq(tables.seasons.id, tables.holds.seasonId))
    .leftJoin(tables.coupons, eq(tables.coupons.id, tables.orders.couponId))
    .where(and(eq(tables.orders.id, input.orderId), eq(tables.orders.userId, input.user.id)));
  if (!order) return null;
  const o = order.order;
  const items = await db
    .select({
      ticketType: tables.ticketTypes.name,
      price: tables.orderItems.priceAmount,
      fee: tables.orderItems.feeAmount,
      listingId: tables.orderItems.listingId,
      section: tables.venueSections.name,
      row: tables.venueRows.label,
      seat: tables.venueSeats.label,
      packageLine: tables.orderItems.packageLineId,
      packageName: tables.packages.name,
      unitEvent: unitEvents.title,
      unitEventStartsAt: unitEvents.startsAt,
    })
    .from(tables.orderItems)
    .innerJoin(tables.ticketTypes, eq(tables.ticketTypes.id, tables.orderItems.ticketTypeId))
    .leftJoin(tables.resaleListings, eq(tables.resaleListings.id, tables.orderItems.listingId))
    .leftJoin(tables.tickets, eq(tables.tickets.id, tables.resaleListings.ticketId))
    .leftJoin(tables.inventoryUnits, eq(tables.inventoryUnits.id, sql`coalesce(${tables.orderItems.unitId}, ${tables.tickets.unitId})`))
    .leftJoin(tables.venueSeats, eq(tables.venueSeats.id, tables.inventoryUnits.seatId))
    .leftJoin(tables.venueRows, eq(tables.venueRows.id, tables.venueSeats.rowId))
    .leftJoin(tables.venueSections, eq(tables.venueSections.id, tables.venueSeats.sectionId))
    .leftJoin(unitEvents, eq(unitEvents.id, tables.inventoryUnits.eventId))
    .leftJoin(tables.holdPackages, eq(tables.holdPackages.id, tables.orderItems.packageLineId))
    .leftJoin(tables.packages, eq(tables.packages.id, tables.holdPackages.packageId))
    // Day by day (a festival pass), then as the seats sit: section, row, seat.
    .orderBy(asc(unitEvents.startsAt), asc(tables.venueSections.sortOrder), asc(tables.venueRows.sortOrder), asc(tables.venueSeats.sortOrder), desc(tables.orderItems.priceAmount))
    .where(eq(tables.orderItems.orderId, o.id));
  const money = (amount: number): Money => ({ amount, currency: o.currency });
  const tickets = await db.select({ id: tables.tickets.id }).from(tables.tickets).where(and(eq(tables.tickets.orderId, o.id), eq(tables.tickets.ownerId, input.user.id)));
  const refunds = await db
    .select({ amount: tables.refunds.amount, currency: tables.refunds.currency, status: tables.refunds.status })
    .from(tables.refunds)
    .innerJoin(tables.payments, eq(tables.payments.id, tables.refunds.paymentId))
    // The whole payment, or a part refund of tickets or an amount (lib/server/refunds); a season match's share shows with cancelledMatches.
    .where(and(eq(tables.payments.orderId, o.id), sql`(${tables.refunds.scope} = 'whole' or ${tables.refunds.scope} like 'ticket:%' or ${tables.refunds.scope} like 'amount:%')`))
    .orderBy(asc(tables.refunds.createdAt));
  const cancelledMatches = order.season ? await cancelledMatchesOf(o.id, input.locale) : [];
  return {
    id: o.id,
    status: o.status,
    result: orderResult(o.status),
    refundedLate: o.status === 'refunded' && o.note === 'LATE_PAYMENT_UNITS_TAKEN',
    eventCancelled: o.status === 'refunded' && o.note === 'EVENT_CANCELLED',
    refunds: refunds.map((r) => ({ amount: { amount: r.amount, currency: r.currency }, status: r.status === 'succeeded' ? 'refunded' : 'pending' })),
    event: { id: o.eventId, slug: order.eventSlug, title: textIn(order.eventTitle, input.locale, order.language) },
    season: order.season ? { id: order.season.id, slug: order.season.slug, name: order.season.name[input.locale] } : null,
    cancelledMatches,
    items: items.map((item) => ({
      ticketType: textIn(item.ticketType, input.locale, order.language),
      seat: item.section && item.row && item.seat ? seatLabel(input.locale, item.section[input.locale], item.row, item.seat) : null,
      price: money(item.price),
      package: item.packageName?.[input.locale] ?? null,
    })),
    subtotal: money(o.subtotalAmount),
    discount: money(o.discountAmount),
    fees: money(o.feeAmount),
    total: money(o.totalAmount),
    couponCode: order.couponCode ?? null,
    createdAt: o.createdAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
    ticketCount: tickets.length,
    number: orderNumber(o.id),
    organiser: { name: order.organiser },
    lines: receiptLines({
      currency: o.currency,
      discountAmount: o.discountAmount,
      couponCode: order.couponCode ?? null,
      walletCreditAmount: await orderWalletCredit(db, o.id),
      loyalty: { points: o.loyaltyPoints, amount: o.loyaltyAmount },
      items: items.map((item) => ({
        ticketType: textIn(item.ticketType, input.locale, order.language),
        seat: item.section && item.row && item.seat ? { section: item.section[input.locale], row: item.row, seat: item.seat } : null,
        resale: item.listingId !== null,
        priceAmount: item.price,
        feeAmount: item.fee,
        package:
          item.packageLine && item.packageName
            ? { line: item.packageLine, name: item.packageName[input.locale], event: textIn(item.unitEvent ?? order.eventTitle, input.locale, order.language) }
            : null,
        season:
          order.season && item.unitEvent && item.unitEventStartsAt
            ? { name: order.season.name[input.locale], event: textIn(item.unitEvent, input.locale, order.language), startsAt: item.unitEventStartsAt.toISOString() }
            : null,
      })),
    }).lines,
  };
}

/** A payment of the built-in gateway, for its page: payable only while pending and the order's current payment. */
export async function getPaymentForGateway(input: { user: { id: string }; paymentId: string; locale: Locale }) {
  if (!isUuid(input.paymentId)) return null;
  const [row] = await getDb()
    .select({
      id: tables.payments.id,
      provider: tables.payments.provider,
      status: tables.payments.status,
      amount: tables.payments.amount,
      currency: tables.payments.currency,
      orderId: tables.orders.id,
      eventSlug: tables.events.slug,
      eventTitle: tables.events.title,
      language: tables.organisations.language,
      expiresAt: tables.holds.expiresAt,
      order: { currentPaymentId: tables.orders.currentPaymentId, totalAmount: tables.orders.totalAmount, currency: tables.orders.currency },
    })
    .from(tables.payments)
    .innerJoin(tables.orders, eq(tables.orders.id, tables.payments.orderId))
    .innerJoin(tables.events, eq(tables.events.id, tables.orders.eventId))
    .innerJoin(tables.organisations, eq(tables.organisations.id, tables.events.orgId))
    .innerJoin(tables.holds, eq(tables.holds.id, tables.orders.holdId))
    .where(and(eq(tables.payments.id, input.paymentId), eq(tables.orders.userId, input.user.id)));
  if (!row || row.provider !== 'test') return null;
  const { order, language, ...payment } = row;
  // Offered only when paying it would complete the order (the webhook's rule); any other payment could only be refunded.
  const payable = row.status === 'pending' && paymentCoverage(order, row) === 'covers';
  return { ...payment, payable, eventTitle: textIn(row.eventTitle, input.locale, language), expiresAt: row.expiresAt.toISOString() };
}

/** Order id → status, for the app's payment return (no personal data). */
export async function orderStatus(orderId: string): Promise<Order['result'] | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await getDb().select({ status: tables.orders.status }).from(tables.orders).where(eq(tables.orders.id, orderId));
  return row ? orderResult(row.status) : null;
}

/**
 * A season order's cancelled matches (order_shares refunded: events/cancel.ts), each with what of its
 * share came back and how: to the payment (pending until the provider confirms) or as wallet credit.
 */
async function cancelledMatchesOf(orderId: string, locale: Locale): Promise<Order['cancelledMatches']> {
  const rows = rowsOf<{ title: Record<Locale, string>; language: Locale; currency: 'EUR' | 'CZK'; mode: 'payment' | 'credit'; refunded: number; credited: number; refund_status: string | null }>(
    await getDb().execute(sql`
      select e.title, org.language, o.currency, s.refund_mode as mode, s.refunded_amount as refunded, s.credited_amount as credited, r.status as refund_status
      from order_shares s
      join orders o on o.id = s.order_id
      join events e on e.id = s.event_id
      join organisations org on org.id = e.org_id
      left join refunds r on r.payment_id = o.current_payment_id and (r.scope = s.event_id::text or r.scope = 'whole')
      where s.order_id = ${orderId}::uuid and s.refunded_at is not null and e.status = 'cancelled'
      order by e.starts_at, e.id`),
  );
  return rows.map((r) => ({
    title: textIn(r.title, locale, r.language),
    amount: { amount: Number(r.mode === 'credit' ? r.credited : r.refunded), currency: r.currency },
    mode: r.mode,
    status: r.mode === 'credit' || r.refund_status === 'succeeded' || Number(r.refunded) === 0 ? 'refunded' : 'pending',
  }));
}
