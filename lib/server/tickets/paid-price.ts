import 'server-only';
import { sql } from 'drizzle-orm';
import { tables } from '@/lib/server/db';

const t = tables.tickets;

/**
 * What the ticket's holder paid for it: the price of its line in the holder's own order (a resale
 * listing's price for a ticket bought from another fan, the category's price for one bought from the
 * organiser). Null when the holder did not buy it (a gift, a redeem code, a season's match).
 */
export const paidAmountOfTicket = sql<number | null>`(
  select oi.price_amount from ${tables.orderItems} oi
  join ${tables.orders} o on o.id = oi.order_id and o.user_id = ${t.ownerId}
  left join ${tables.resaleListings} l on l.id = oi.listing_id
  where oi.order_id = ${t.orderId} and (oi.unit_id = ${t.unitId} or l.ticket_id = ${t.id})
  limit 1)`.mapWith((value: unknown) => (value == null ? null : Number(value)));
