import 'server-only';
import { readText } from '@/lib/localized-text';
import { eq, sql } from 'drizzle-orm';
import { isEventRef, isUuid } from '@/lib/ids';
import { tables } from '@/lib/server/db';
import { preparedQuery } from '@/lib/server/db/prepared';
import { listenForEventChanges, onEventChanged } from '@/lib/server/events/changed';


export type SaleEvent = {
  id: string;
  slug: string;
  orgId: string;
  title: { sk: string; cs: string; en: string };
  status: 'draft' | 'on_sale' | 'sold_out' | 'cancelled';
  currency: 'EUR' | 'CZK';
  startsAt: Date;
  saleStartsAt: Date | null;
  saleEndsAt: Date | null;
  prioritySaleStartsAt: Date | null;
  prioritySalePoints: number | null;
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
  saleStartsAt: tables.events.saleStartsAt,
  saleEndsAt: tables.events.saleEndsAt,
  prioritySaleStartsAt: tables.events.prioritySaleStartsAt,
  prioritySalePoints: tables.events.prioritySalePoints,
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

/**
 * An on-sale rush asks for the same event thousands of times a second, so each thread of a server
 * reuses what it read for EVENT_REUSE_MS (concurrent callers share one read). Whoever changes an
 * event row calls eventChanged(id) (lib/server/events/changed.ts): every thread of every server
 * process reads it afresh on its next call.
 */
export const EVENT_REUSE_MS = 2000;
// (Listed with every in-process cache in docs/decisions/in-process-caches.md.)
/** By reference (slug or uuid); `eventId` once the read is back. */
const recent = new Map<string, { until: number; read: Promise<SaleEvent | null>; eventId?: string }>();

function forgetEvent(eventId: string) {
  // Reads still under way may be of this event too: they go as well (the next caller reads again).
  for (const [ref, entry] of recent) if (entry.eventId === eventId || entry.eventId === undefined) recent.delete(ref);
}

onEventChanged((eventId) => (eventId ? forgetEvent(eventId) : recent.clear()));

/** The event by its URL id (slug) or its uuid; drafts are not for sale and are not found. */
export function findSaleEvent(ref: string): Promise<SaleEvent | null> {
  void listenForEventChanges();
  const now = Date.now();
  const known = recent.get(ref);
  if (known && now < known.until) return known.read;
  const read = readSaleEvent(ref);
  const entry: { until: number; read: Promise<SaleEvent | null>; eventId?: string } = { until: now + EVENT_REUSE_MS, read };
  if (recent.size >= 1000) recent.clear();
  recent.set(ref, entry);
  // Unknown references are not kept (anyone can ask for any slug), nor are failed reads.
  read.then(
    (event) => {
      if (event) entry.eventId = event.id;
      else if (recent.get(ref) === entry) recent.delete(ref);
    },
    () => recent.get(ref) === entry && recent.delete(ref),
  );
  return read;
}

async function readSaleEvent(ref: string): Promise<SaleEvent | null> {
  if (!isEventRef(ref)) return null;
  const [row] = await (isUuid(ref) ? byId() : bySlug()).execute({ ref });
  if (!row || row.status === 'draft') return null;
  // Shared by every caller for a while: nobody may change it. Its title as fans read it (lib/localized-text.ts).
  return Object.freeze({ ...row, title: Object.freeze(readText(row.title)) });
}

/** Minutes a cart holds its tickets: RESERVATION_MINUTES overrides every event (operations, tests). */
export function reservationMinutes(event: Pick<SaleEvent, 'reservationMinutes'>): number {
  const override = Number(process.env.RESERVATION_MINUTES);
  return Number.isFinite(override) && override > 0 ? override : event.reservationMinutes;
}
