import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { tables } from '@/lib/server/db';
import { preparedQuery } from '@/lib/server/db/prepared';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SaleEvent = {
  id: string;
  slug: string;
  orgId: string;
  title: { sk: string; cs: string; en: string };
  status: 'draft' | 'on_sale' | 'sold_out' | 'cancelled';
  currency: 'EUR' | 'CZK';
  startsAt: Date;
  reservationMinutes: number;
  maxTicketsPerOrder: number;
  maxTicketsPerUser: number;
  serviceFeeAmount: number;
  resaleSellerFeeBps: number;
  resaleBuyerFeeBps: number;
};

const columns = {
  id: tables.events.id,
  slug: tables.events.slug,
  orgId: tables.events.orgId,
  title: tables.events.title,
  status: tables.events.status,
  currency: tables.events.currency,
  startsAt: tables.events.startsAt,
  reservationMinutes: tables.events.reservationMinutes,
  maxTicketsPerOrder: tables.events.maxTicketsPerOrder,
  maxTicketsPerUser: tables.events.maxTicketsPerUser,
  serviceFeeAmount: tables.events.serviceFeeAmount,
  resaleSellerFeeBps: tables.events.resaleSellerFeeBps,
  resaleBuyerFeeBps: tables.events.resaleBuyerFeeBps,
};

// Every cart call starts here: built once (lib/server/db/prepared.ts).
const byId = preparedQuery((db) => db.select(columns).from(tables.events).where(eq(tables.events.id, sql.placeholder('ref'))).limit(1).prepare('sale_event_by_id'));
const bySlug = preparedQuery((db) => db.select(columns).from(tables.events).where(eq(tables.events.slug, sql.placeholder('ref'))).limit(1).prepare('sale_event_by_slug'));

/** The event by its URL id (slug) or its uuid; drafts are not for sale and are not found. */
export async function findSaleEvent(ref: string): Promise<SaleEvent | null> {
  const [row] = await (UUID.test(ref) ? byId() : bySlug()).execute({ ref });
  if (!row || row.status === 'draft') return null;
  return row;
}

/** Minutes a cart holds its tickets: RESERVATION_MINUTES overrides every event (operations, tests). */
export function reservationMinutes(event: Pick<SaleEvent, 'reservationMinutes'>): number {
  const override = Number(process.env.RESERVATION_MINUTES);
  return Number.isFinite(override) && override > 0 ? override : event.reservationMinutes;
}
