import 'server-only';
import { eventIsOver } from '@/lib/server/events/played';
import { sql } from 'drizzle-orm';
import type { EventReport } from '@/lib/schemas/reports';
import { scanWindow } from '@/lib/ticket-code/window';
import { getDb, rowsOf } from '@/lib/server/db';
import type { LocalizedText } from '@/lib/server/db/schema';
import { onEventChanged } from '@/lib/server/events/changed';
import { eventAccess, type AccessFailure } from '@/lib/server/organiser/access';
import { attendanceOf } from './attendance';
import { couponUses, eventLedgers, netFigures } from './ledger';
import { salesSeries } from './sales';
import { postponementOf } from '@/lib/server/refunds/postpone';

// The report of one event for its organiser (owner, manager): tickets and capacity per price category,
// sales over time, money (from the ledger, nowhere else), coupon and redeem-code use, resale and
// attendance. Every figure is an aggregate the database computes over the event's indexed rows
// (tickets_event_idx, orders_event_paid_idx, scan_log_event_idx, inventory_units_event_idx,
// resale_listings_event_idx): a request reads a few dozen grouped rows, never the tickets themselves.

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

type EventRow = {
  id: string;
  slug: string;
  title: LocalizedText | string;
  status: EventReport['event']['status'];
  currency: 'EUR' | 'CZK';
  starts_at: Date | string;
  ends_at: Date | string | null;
  doors_at: Date | string | null;
  sale_starts_at: Date | string | null;
};

export { eventIsOver };

/** How long one computed report answers every organiser screen and API call of the event (per server thread). */
export const REPORT_SHARED_MS = 5000;

type Memo = { until: number; read: Promise<EventReport> };
/**
 * Per event: the shared report and until when it answers (per server thread). Time-bound
 * (REPORT_SHARED_MS), and forgotten when the event itself changes; sales do not end the share
 * (docs/decisions/in-process-caches.md).
 */
const memo = new Map<string, Memo>();
onEventChanged((eventId) => (eventId ? memo.delete(eventId) : memo.clear()));

/**
 * The event's report for a member allowed to see it (owner, manager). Access is checked on every call;
 * the figures themselves are computed once per REPORT_SHARED_MS and event and shared: a report is read
 * by people (it says when it was computed, generatedAt), never by a decision, and during a rush ten
 * organisers refreshing it then cost the database one computation, not ten. `now` asks for the report
 * as of that moment, computed afresh (tests, and anything that must not share).
 */
export async function eventReport(userId: string, eventId: string, now?: Date): Promise<{ ok: true; report: EventReport } | AccessFailure> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  return { ok: true, report: await (now ? computeReport(eventId, now) : sharedReport(eventId)) };
}

function sharedReport(eventId: string): Promise<EventReport> {
  const nowMs = Date.now();
  const kept = memo.get(eventId);
  if (kept && nowMs < kept.until) return kept.read;
  if (memo.size >= 1000) memo.clear();
  const entry = { until: nowMs + REPORT_SHARED_MS, read: computeReport(eventId, new Date(nowMs)) };
  memo.set(eventId, entry);
  // A failed computation is not shared: the next caller tries again.
  entry.read.catch(() => {
    if (memo.get(eventId) === entry) memo.delete(eventId);
  });
  return entry.read;
}

/** Computes the report of event `eventId` at `now` (access already checked). */
export async function computeReport(eventId: string, now: Date): Promise<EventReport> {
  const db = getDb();
  const [row] = rowsOf<EventRow>(
    await db.execute(sql`
      select id, slug, title, status, currency, starts_at, ends_at, doors_at, sale_starts_at
      from events where id = ${eventId}::uuid`),
  );
  const startsAt = new Date(row.starts_at);
  const endsAt = row.ends_at ? new Date(row.ends_at) : null;
  const doorsAt = scanWindow({ doorsAt: row.doors_at ? new Date(row.doors_at) : null, startsAt, endsAt }).opensAt;
  const saleStartsAt = row.sale_starts_at ? new Date(row.sale_starts_at) : null;
  const over = eventIsOver({ startsAt, endsAt }, now);

  const [categories, tickets, sales, [ledger], coupons, redeem, listings, attendance, postponement] = await Promise.all([
    categoriesOf(eventId),
    ticketCounts(eventId),
    salesSeries(eventId, saleStartsAt),
    eventLedgers({ eventIds: [eventId] }),
    couponUses(eventId),
    redeemCounts(eventId),
    listingCounts(eventId),
    attendanceOf(eventId, doorsAt),
    postponementOf(db, eventId),
  ]);

  const split = (rows: TicketCount[], pick: (r: TicketCount) => number) => {
    const single = rows.filter((r) => !r.season).reduce((sum, r) => sum + pick(r), 0);
    const season = rows.filter((r) => r.season).reduce((sum, r) => sum + pick(r), 0);
    return { single, season, total: single + season };
  };
  const net = netFigures(ledger);
  const report: EventReport = {
    event: {
      id: row.id,
      slug: row.slug,
      title: json(row.title),
      status: row.status,
      currency: row.currency,
      startsAt: startsAt.toISOString(),
      endsAt: iso(endsAt),
      doorsAt: doorsAt.toISOString(),
      saleStartsAt: iso(saleStartsAt),
      over,
    },
    generatedAt: now.toISOString(),
    tickets: {
      categories: categories.map((c) => ({ ...c, sold: split(tickets.filter((t) => t.typeId === c.id), (t) => t.sold) })),
      total: { capacity: categories.reduce((sum, c) => sum + c.capacity, 0), sold: split(tickets, (t) => t.sold) },
    },
    sales,
    revenue: {
      orders: ledger.sales.orders,
      gross: ledger.sales.ticketRevenue,
      discounts: ledger.sales.discounts,
      credits: ledger.sales.credits,
      serviceFees: ledger.sales.serviceFees,
      collected: ledger.sales.collected,
      refundedOrders: ledger.refunds.orders,
      refunds: ledger.refunds.collected,
      net: net.primaryNet,
      collectedNet: net.collectedNet,
    },
    codes: { coupons, redeem },
    resale: {
      listings,
      sold: ledger.sales.resaleTickets,
      volume: ledger.sales.resaleVolume,
      buyerFees: ledger.sales.resaleBuyerFees,
      sellerFees: ledger.sales.resaleSellerFees,
      organiserShare: net.organiserResaleShare,
    },
    attendance: {
      buckets: attendance.buckets,
      gates: attendance.gates,
      sold: split(tickets, (t) => t.sold),
      checkedIn: split(tickets, (t) => t.checkedIn),
      noShows: over ? split(tickets, (t) => t.sold - t.checkedIn) : null,
    },
    postponement,
  };
  return report;
}

type Category = { id: string; code: string; name: LocalizedText; priceAmount: number; capacity: number };

/** The event's price categories in their order, each with its units (every status). */
async function categoriesOf(eventId: string): Promise<Category[]> {
  const rows = rowsOf<{ id: string; code: string; name: LocalizedText | string; price_amount: number; capacity: number }>(
    await getDb().execute(sql`
      select tt.id, tt.code, tt.name, tt.price_amount, coalesce(u.capacity, 0)::int as capacity
      from ticket_types tt
      left join (
        select ticket_type_id, count(*)::int as capacity from inventory_units where event_id = ${eventId}::uuid group by ticket_type_id
      ) u on u.ticket_type_id = tt.id
      where tt.event_id = ${eventId}::uuid
      order by tt.sort_order, tt.code`),
  );
  return rows.map((r) => ({ id: r.id, code: r.code, name: json(r.name), priceAmount: Number(r.price_amount), capacity: Number(r.capacity) }));
}

type TicketCount = { typeId: string; season: boolean; sold: number; checkedIn: number };

/** Tickets issued and not void, and those checked in, per category and kind (season ticket or single). */
async function ticketCounts(eventId: string): Promise<TicketCount[]> {
  const rows = rowsOf<{ ticket_type_id: string; season: boolean; sold: number; checked_in: number }>(
    await getDb().execute(sql`
      select ticket_type_id, (season_ticket_id is not null) as season,
        count(*) filter (where status <> 'void')::int as sold,
        count(*) filter (where status = 'checked_in')::int as checked_in
      from tickets
      where event_id = ${eventId}::uuid
      group by 1, 2`),
  );
  return rows.map((r) => ({ typeId: r.ticket_type_id, season: Boolean(r.season), sold: Number(r.sold), checkedIn: Number(r.checked_in) }));
}

async function redeemCounts(eventId: string): Promise<EventReport['codes']['redeem']> {
  const [row] = rowsOf<{ issued: number; used: number; deactivated: number; tickets: number }>(
    await getDb().execute(sql`
      select count(*)::int as issued,
        count(*) filter (where used_at is not null)::int as used,
        count(*) filter (where used_at is null and deactivated_at is not null)::int as deactivated,
        coalesce(sum(quantity) filter (where used_at is not null), 0)::int as tickets
      from redeem_codes where event_id = ${eventId}::uuid`),
  );
  return { issued: Number(row.issued), used: Number(row.used), deactivated: Number(row.deactivated), tickets: Number(row.tickets) };
}

async function listingCounts(eventId: string): Promise<EventReport['resale']['listings']> {
  const rows = rowsOf<{ status: 'active' | 'sold' | 'withdrawn'; n: number }>(
    await getDb().execute(sql`select status, count(*)::int as n from resale_listings where event_id = ${eventId}::uuid group by status`),
  );
  const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { active: of('active'), sold: of('sold'), withdrawn: of('withdrawn') };
}
