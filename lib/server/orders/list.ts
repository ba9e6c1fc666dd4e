import 'server-only';
import { textIn } from '@/lib/localized-text';
import { and, asc, count, desc, eq, inArray, lt, min, or } from 'drizzle-orm';
import { isUuid } from '@/lib/ids';
import { getDb, tables } from '@/lib/server/db';
import type { Locale } from '@/lib/i18n/routing';
import type { OrderList } from '@/lib/schemas/orders';
import { orderNumber } from './read';

export const ORDERS_PAGE_SIZE = 20;

/** A page's end as the next page's start: the last order's time and id (ties of time are broken by id). */
function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  const [time, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(time ?? '');
  return Number.isNaN(createdAt.getTime()) || !isUuid(id) ? null : { createdAt, id };
}

export type OrderListResult = { ok: true; list: OrderList } | { ok: false; code: 'INVALID_CURSOR' };

/**
 * The fan's own orders, newest first, a page at a time (keyset on created_at, id: a fan with a thousand
 * orders costs the same per page as one with ten). Only the acting user's orders are ever read.
 */
export async function listMyOrders(input: { user: { id: string }; locale: Locale; cursor?: string; limit?: number }): Promise<OrderListResult> {
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  if (input.cursor && !after) return { ok: false, code: 'INVALID_CURSOR' };
  const limit = Math.min(Math.max(input.limit ?? ORDERS_PAGE_SIZE, 1), 50);
  const o = tables.orders;
  const db = getDb();
  const rows = await db
    .select({
      id: o.id,
      status: o.status,
      createdAt: o.createdAt,
      totalAmount: o.totalAmount,
      currency: o.currency,
      eventId: tables.events.id,
      slug: tables.events.slug,
      title: tables.events.title,
      startsAt: tables.events.startsAt,
      season: { id: tables.seasons.id, slug: tables.seasons.slug, name: tables.seasons.name },
    })
    .from(o)
    .innerJoin(tables.events, eq(tables.events.id, o.eventId))
    .innerJoin(tables.holds, eq(tables.holds.id, o.holdId))
    .leftJoin(tables.seasons, eq(tables.seasons.id, tables.holds.seasonId))
    .where(
      and(
        eq(o.userId, input.user.id),
        after ? or(lt(o.createdAt, after.createdAt), and(eq(o.createdAt, after.createdAt), lt(o.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(o.createdAt), desc(o.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const counts = page.length
    ? await db
        .select({ orderId: tables.orderItems.orderId, n: count() })
        .from(tables.orderItems)
        .where(inArray(tables.orderItems.orderId, page.map((row) => row.id)))
        .groupBy(tables.orderItems.orderId)
    : [];
  // A package is one entry however many tickets it was issued as (order_items.package_line_id).
  const packages = page.length
    ? await db
        .select({ orderId: tables.orderItems.orderId, name: tables.packages.name, tickets: count() })
        .from(tables.orderItems)
        .innerJoin(tables.holdPackages, eq(tables.holdPackages.id, tables.orderItems.packageLineId))
        .innerJoin(tables.packages, eq(tables.packages.id, tables.holdPackages.packageId))
        .where(inArray(tables.orderItems.orderId, page.map((row) => row.id)))
        .groupBy(tables.orderItems.orderId, tables.orderItems.packageLineId, tables.packages.id)
        .orderBy(asc(min(tables.holdPackages.createdAt)))
    : [];
  const last = page[page.length - 1];
  return {
    ok: true,
    list: {
      orders: page.map((row) => ({
        id: row.id,
        number: orderNumber(row.id),
        status: row.status,
        createdAt: row.createdAt.toISOString(),
        event: { id: row.eventId, slug: row.slug, title: textIn(row.title, input.locale), startsAt: row.startsAt.toISOString() },
        season: row.season ? { id: row.season.id, slug: row.season.slug, name: row.season.name[input.locale] } : null,
        total: { amount: row.totalAmount, currency: row.currency },
        ticketCount: Number(counts.find((c) => c.orderId === row.id)?.n ?? 0),
        packages: packages.filter((p) => p.orderId === row.id).map((p) => ({ name: textIn(p.name, input.locale), tickets: Number(p.tickets) })),
      })),
      nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
    },
  };
}
