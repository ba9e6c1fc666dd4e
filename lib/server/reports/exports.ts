import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import type { ExportKind } from '@/lib/schemas/reports-live';
import { getDb, rowsOf } from '@/lib/server/db';
import { eventAccess, type AccessFailure } from '@/lib/server/organiser/access';
import { exportFile, type ExportColumn, type ExportColumnKind, type ExportFile, type ExportFormat, type ExportRow } from './export-file';
import { majorUnits } from '@/lib/money';
import { log } from '@/lib/server/ops/log';

// The event's CSV exports (orders, tickets and attendees, check-ins, resale sales), streamed.
//
// The rows come from keyset-paginated queries, EXPORT_BATCH rows at a time, each batch read only when
// the reader wants more (a ReadableStream's pull): an export of 50,000 tickets never sits in memory,
// a slow download holds no query open, and the answer starts at once (the header goes out before the
// first query). Each batch continues after the last row of the one before (`where key > last`) along an
// index, so the tenth batch costs what the first did:
// - attendees: tickets by id (tickets_event_idx on event_id, id);
// - orders: paid orders by paid time, then id (orders_event_paid_idx);
// - check-ins: the scan log by scan time, then id (scan_log_event_idx);
// - resale: sold listings by sale time, then id (resale_listings_event_idx; a few per event).
// A time cursor is carried as PostgreSQL's own text of the timestamp (microseconds; a JS Date would
// round them away and repeat a row).
//
// Formats (CSV or .xlsx) are export-file.ts's: a header row in the request's language, amounts as numbers
// beside a currency column, times in local time.

export const EXPORT_BATCH = 1000;

/** Translates a key of `organiser.exports` (headers and values) into the request's language. */
export type ExportLabels = (key: string) => string;

type Cursor = { time: string | null; id: string };
type Batch<R> = { rows: R[]; cursor: Cursor | null };

/** `after` as a keyset condition on (time, id): rows after the cursor in that order. */
function afterTime(time: SQL, id: SQL, cursor: Cursor | null): SQL {
  if (!cursor) return sql`true`;
  return sql`${time} >= ${cursor.time}::timestamptz and (${time} > ${cursor.time}::timestamptz or ${id} > ${cursor.id}::uuid)`;
}

/** `kinds`: the columns that are not text (counts, amounts in minor units beside `currency`, times); export-file.ts writes each kind. */
type ExportSpec = {
  columns: string[];
  kinds?: Record<string, ExportColumnKind>;
  batch: (eventId: string, locale: Locale, cursor: Cursor | null, t: ExportLabels) => Promise<Batch<ExportRow>>;
};

const execute = (query: SQL) => getDb().execute(query);

const name = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

const SPECS: Record<ExportKind, ExportSpec> = {
  orders: {
    columns: ['orderId', 'paidAt', 'buyerName', 'email', 'tickets', 'subtotal', 'discount', 'fees', 'total', 'currency', 'status', 'couponCode'],
    kinds: { paidAt: 'time', tickets: 'number', subtotal: 'money', discount: 'money', fees: 'money', total: 'money' },
    async batch(eventId, _locale, cursor, t) {
      type Row = {
        id: string;
        k: string;
        paid_at: Date | string;
        first_name: string | null;
        last_name: string | null;
        email: string | null;
        tickets: number;
        subtotal_amount: number;
        discount_amount: number;
        fee_amount: number;
        total_amount: number;
        currency: string;
        status: string;
        coupon_code: string | null;
      };
      const rows = rowsOf<Row>(
        await execute(sql`
          -- The order's share of this event (order_shares): a season ticket's order shows this match's part of it.
          select o.id, o.paid_at::text as k, o.paid_at, u.first_name, u.last_name, u.email, s.tickets,
            s.price_amount as subtotal_amount, s.discount_amount, s.fee_amount, s.total_amount, o.currency,
            case when s.refunded_at is not null then 'refunded' else o.status::text end as status, c.code as coupon_code
          from order_shares s
          join orders o on o.id = s.order_id
          join users u on u.id = o.user_id
          left join coupons c on c.id = o.coupon_id
          where s.event_id = ${eventId} and o.paid_at is not null and ${afterTime(sql`o.paid_at`, sql`o.id`, cursor)}
          order by o.paid_at, o.id
          limit ${EXPORT_BATCH}`),
      );
      return {
        cursor: rows.length ? { time: rows.at(-1)!.k, id: rows.at(-1)!.id } : null,
        rows: rows.map((r) => ({
          orderId: r.id,
          paidAt: r.paid_at,
          buyerName: name(r.first_name, r.last_name),
          email: r.email ?? '',
          tickets: r.tickets,
          subtotal: r.subtotal_amount,
          discount: r.discount_amount,
          fees: r.fee_amount,
          total: r.total_amount,
          currency: r.currency,
          status: t(`orderStatus.${r.status}`),
          couponCode: r.coupon_code ?? '',
        })),
      };
    },
  },
  attendees: {
    columns: ['ticketId', 'firstName', 'lastName', 'email', 'category', 'section', 'row', 'seat', 'status', 'checkedInAt', 'seasonTicket'],
    kinds: { checkedInAt: 'time' },
    async batch(eventId, locale, cursor, t) {
      type Row = {
        id: string;
        first_name: string | null;
        last_name: string | null;
        email: string | null;
        category: string | null;
        section: string | null;
        row_label: string | null;
        seat_label: string | null;
        status: string;
        checked_in_at: Date | string | null;
        season: boolean;
      };
      const rows = rowsOf<Row>(
        await execute(sql`
          select t.id, u.first_name, u.last_name, u.email, tt.name ->> ${locale} as category,
            vs.name ->> ${locale} as section, vr.label as row_label, se.label as seat_label,
            t.status, t.checked_in_at, t.season_ticket_id is not null as season
          from tickets t
          join users u on u.id = t.owner_id
          join ticket_types tt on tt.id = t.ticket_type_id
          join inventory_units iu on iu.id = t.unit_id
          left join venue_seats se on se.id = iu.seat_id
          left join venue_rows vr on vr.id = se.row_id
          left join venue_sections vs on vs.id = se.section_id
          where t.event_id = ${eventId} ${cursor ? sql`and t.id > ${cursor.id}::uuid` : sql``}
          order by t.id
          limit ${EXPORT_BATCH}`),
      );
      return {
        cursor: rows.length ? { time: null, id: rows.at(-1)!.id } : null,
        rows: rows.map((r) => ({
          ticketId: r.id,
          firstName: r.first_name ?? '',
          lastName: r.last_name ?? '',
          email: r.email ?? '',
          category: r.category ?? '',
          section: r.seat_label === null ? t('values.standing') : (r.section ?? ''),
          row: r.row_label ?? '',
          seat: r.seat_label ?? '',
          status: t(`ticketStatus.${r.status}`),
          checkedInAt: r.checked_in_at,
          seasonTicket: t(r.season ? 'values.yes' : 'values.no'),
        })),
      };
    },
  },
  'check-ins': {
    columns: ['scannedAt', 'gate', 'result', 'ticketId', 'category', 'scanner'],
    kinds: { scannedAt: 'time' },
    async batch(eventId, locale, cursor, t) {
      type Row = { id: string; k: string; scanned_at: Date | string; gate: string | null; result: string; ticket_id: string | null; category: string | null; scanner: string | null };
      const rows = rowsOf<Row>(
        await execute(sql`
          select s.id, s.scanned_at::text as k, s.scanned_at, s.gate, s.result, s.ticket_id,
            tt.name ->> ${locale} as category, su.email as scanner
          from scan_log s
          left join tickets t on t.id = s.ticket_id
          left join ticket_types tt on tt.id = t.ticket_type_id
          left join users su on su.id = s.scanner_id
          where s.event_id = ${eventId} and ${afterTime(sql`s.scanned_at`, sql`s.id`, cursor)}
          order by s.scanned_at, s.id
          limit ${EXPORT_BATCH}`),
      );
      return {
        cursor: rows.length ? { time: rows.at(-1)!.k, id: rows.at(-1)!.id } : null,
        rows: rows.map((r) => ({
          scannedAt: r.scanned_at,
          gate: r.gate ?? '',
          result: t(`scanResult.${r.result}`),
          ticketId: r.ticket_id ?? '',
          category: r.category ?? '',
          scanner: r.scanner ?? '',
        })),
      };
    },
  },
  resale: {
    columns: ['soldAt', 'ticketId', 'category', 'price', 'buyerFee', 'sellerFee', 'currency'],
    kinds: { soldAt: 'time', price: 'money', buyerFee: 'money', sellerFee: 'money' },
    async batch(eventId, locale, cursor) {
      type Row = { id: string; k: string; sold_at: Date | string; ticket_id: string; category: string | null; price_amount: number; buyer_fee: number; seller_fee: number; currency: string };
      const rows = rowsOf<Row>(
        await execute(sql`
          select rl.id, rl.sold_at::text as k, rl.sold_at, rl.ticket_id, tt.name ->> ${locale} as category, rl.price_amount, rl.currency,
            coalesce((select oi.fee_amount from order_items oi join orders o on o.id = oi.order_id
                       where oi.listing_id = rl.id and o.paid_at is not null order by o.paid_at desc limit 1), 0) as buyer_fee,
            coalesce(p.fee_amount, 0) as seller_fee
          from resale_listings rl
          join tickets t on t.id = rl.ticket_id
          join ticket_types tt on tt.id = t.ticket_type_id
          left join payouts p on p.listing_id = rl.id
          where rl.event_id = ${eventId} and rl.status = 'sold' and rl.sold_at is not null and ${afterTime(sql`rl.sold_at`, sql`rl.id`, cursor)}
          order by rl.sold_at, rl.id
          limit ${EXPORT_BATCH}`),
      );
      return {
        cursor: rows.length ? { time: rows.at(-1)!.k, id: rows.at(-1)!.id } : null,
        rows: rows.map((r) => ({
          soldAt: r.sold_at,
          ticketId: r.ticket_id,
          category: r.category ?? '',
          price: r.price_amount,
          buyerFee: r.buyer_fee,
          sellerFee: r.seller_fee,
          currency: r.currency,
        })),
      };
    },
  },
};

/** Every batch of a keyset-paginated query, each read only when the one before has been written. */
export async function* pagesOf(next: (cursor: Cursor | null) => Promise<Batch<ExportRow>>): AsyncGenerator<readonly ExportRow[]> {
  let cursor: Cursor | null = null;
  for (;;) {
    const batch = await next(cursor);
    if (batch.rows.length) yield batch.rows;
    if (batch.rows.length < EXPORT_BATCH || !batch.cursor) return;
    cursor = batch.cursor;
  }
}

/**
 * An export of an event for an organiser who may see it (owner, manager), as CSV or .xlsx: its file name
 * (event slug, kind, today's date) and the stream. Another organisation's event is ORG_NOT_FOUND.
 */
export async function eventExport(
  userId: string,
  eventId: string,
  kind: ExportKind,
  format: ExportFormat,
  locale: Locale,
  t: ExportLabels,
  now = new Date(),
): Promise<ExportFile | AccessFailure> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  const [event] = rowsOf<{ slug: string }>(await execute(sql`select slug from events where id = ${eventId}`));
  if (!event) return { ok: false, code: 'ORG_NOT_FOUND' };
  const spec = SPECS[kind];
  const columns = spec.columns.map((key): ExportColumn => ({ key, header: t(`columns.${key}`), kind: spec.kinds?.[key] ?? 'text', currency: 'currency' }));
  return exportFile({
    format,
    name: `${event.slug}-${kind}-${now.toISOString().slice(0, 10)}`,
    sheet: t(`links.${kind}`),
    columns,
    batches: pagesOf((cursor) => spec.batch(eventId, locale, cursor, t)),
    locale,
    what: `${kind} of event ${eventId}`,
  });
}
