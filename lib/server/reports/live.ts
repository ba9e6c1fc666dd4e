import 'server-only';
import { textIn } from '@/lib/localized-text';
import { sql } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import type { LiveView } from '@/lib/schemas/reports-live';
import { getDb, rowsOf } from '@/lib/server/db';
import { cachedInventoryTotals } from '@/lib/server/events/catalogue';
import { onEventChanged } from '@/lib/server/events/changed';
import { eventAccess, type AccessFailure } from '@/lib/server/organiser/access';
import { gateRows } from './attendance';

// The live on-sale view: what an organiser watches while a sale is hot. Every figure is read through
// an index and costs what is in carts or sold, never a pass over the event's other units:
// - in carts: the held units whose hold is live (the partial index inventory_units_event_held_idx holds
//   only held units) and the resale offers in a live cart (resale_listings_event_idx: the active ones);
// - sold in the last minute: the event's orders paid in the last 60 s (orders_event_paid_idx) and
//   their items;
// - sold per price category: a count over the category's sold units (inventory_units_type_status_idx);
//   capacity: the units per category, cached until the event changes (the catalogue's inventory totals);
// - sold out: no free unit left, one EXISTS probe per category on the same index that stops at the
//   first free unit (a free one is 'available', or 'held' by a hold that ran out: unit_is_free, the one
//   rule, asked at the read's own `now`);
// - entered, in all and per gate: the event's tickets checked in, counted by the gate of their entry
//   (tickets_event_idx; the report's attendance counts the same rows: reports/attendance.ts), so the gates
//   sum to the total, a gate that named none as its own row.

export type { LiveView };

/** How long one read answers every organiser screen of the event (per server thread). */
export const LIVE_SHARED_MS = 2000;

/** The figures of one read, before the caller's language is applied (shared by every caller). */
type LiveFigures = {
  eventId: string;
  slug: string;
  status: LiveView['status'];
  currency: LiveView['currency'];
  checkedAt: string;
  inCarts: LiveView['inCarts'];
  soldLastMinute: LiveView['soldLastMinute'];
  entered: LiveView['entered'];
  categories: { id: string; code: string; name: Record<Locale, string>; color: string; sold: number; capacity: number; soldOut: boolean }[];
};

/** Reads the event's live figures at `now` (the database's clock is not asked: tests move `now`). */
export async function readLiveFigures(eventId: string, now = new Date()): Promise<LiveFigures | null> {
  const at = now.toISOString();
  const result = await getDb().execute(sql`
    select e.id, e.slug, e.status, e.currency,
      (select count(*)::int from inventory_units u
        where u.event_id = e.id and unit_is_held(u.status, u.held_until, ${at}::timestamptz)) as held_units,
      (select count(*)::int from resale_listings rl
        where rl.event_id = e.id and rl.status = 'active' and rl.hold_id is not null and held_until_live(rl.held_until, ${at}::timestamptz)) as held_listings,
      (select count(*)::int from order_shares s join orders o on o.id = s.order_id
        where s.event_id = e.id and o.paid_at > ${at}::timestamptz - interval '60 seconds' and o.paid_at <= ${at}::timestamptz) as orders_last_minute,
      (select coalesce(sum(s.tickets), 0)::int from order_shares s join orders o on o.id = s.order_id
        where s.event_id = e.id and o.paid_at > ${at}::timestamptz - interval '60 seconds' and o.paid_at <= ${at}::timestamptz) as tickets_last_minute,
      (select coalesce(json_agg(json_build_object(
          'id', tt.id, 'code', tt.code, 'name', tt.name, 'color', tt.color,
          'sold', (select count(*) from inventory_units u where u.ticket_type_id = tt.id and u.status = 'sold'),
          'free', exists (select 1 from inventory_units u
                          where u.ticket_type_id = tt.id and u.status in ('available', 'held')
                            and unit_is_free(u.status, u.held_until, ${at}::timestamptz))
        ) order by tt.sort_order, tt.price_amount), '[]'::json)
        from ticket_types tt where tt.event_id = e.id) as categories,
      (select coalesce(json_agg(json_build_object('gate', g.gate, 'admitted', g.admitted)), '[]'::json)
        from (select t.checked_in_gate as gate, count(*)::int as admitted from tickets t
              where t.event_id = e.id and t.status = 'checked_in' group by 1) g) as gates
    from events e where e.id = ${eventId}`);
  type Row = {
    id: string;
    slug: string;
    status: LiveView['status'];
    currency: LiveView['currency'];
    held_units: number;
    held_listings: number;
    orders_last_minute: number;
    tickets_last_minute: number;
    categories: unknown;
    gates: unknown;
  };
  const [row] = rowsOf<Row>(result);
  if (!row) return null;
  const totals = await cachedInventoryTotals(eventId);
  const parsed = (typeof row.categories === 'string' ? JSON.parse(row.categories) : row.categories) as {
    id: string;
    code: string;
    name: Record<Locale, string>;
    color: string;
    sold: number;
    free: boolean;
  }[];
  const gates = (typeof row.gates === 'string' ? JSON.parse(row.gates) : row.gates) as { gate: string | null; admitted: number }[];
  const heldUnits = Number(row.held_units);
  const heldListings = Number(row.held_listings);
  return {
    eventId: row.id,
    slug: row.slug,
    status: row.status,
    currency: row.currency,
    checkedAt: now.toISOString(),
    inCarts: { total: heldUnits + heldListings, tickets: heldUnits, resale: heldListings },
    soldLastMinute: { orders: Number(row.orders_last_minute), tickets: Number(row.tickets_last_minute) },
    entered: {
      total: gates.reduce((n, g) => n + Number(g.admitted), 0),
      gates: gateRows(new Map(gates.map((g) => [g.gate, Number(g.admitted)]))),
    },
    categories: parsed.map((c) => {
      const capacity = totals[c.id] ?? 0;
      return { id: c.id, code: c.code, name: c.name, color: c.color, sold: Number(c.sold), capacity, soldOut: capacity > 0 && !c.free };
    }),
  };
}

type Memo = { until: number; read: Promise<LiveFigures | null> };
/**
 * Per event: the last read and until when it answers (per server thread; see liveView). Time-bound
 * (LIVE_SHARED_MS), and forgotten when the event itself changes (its status is among the figures); a
 * hold or a sale does not end the share, or a rush would end it hundreds of times a second
 * (docs/decisions/in-process-caches.md).
 */
const memo = new Map<string, Memo>();
onEventChanged((eventId) => (eventId ? memo.delete(eventId) : memo.clear()));

/**
 * One read of the event's live figures answers every caller for LIVE_SHARED_MS: ten organiser screens
 * polling every 3 s during a rush cost one set of queries per 2 s and thread, not ten. A caller who
 * comes while a read is under way waits for it. This is safe because:
 * - access is checked on every call before the shared figures are given (they are keyed by the event,
 *   and only a member allowed to see the event receives them); the caller's language is applied after;
 * - the figures are a view for people, never a decision: the cart, checkout and payments read the units
 *   themselves, so a figure up to 2 s old cannot sell a seat twice or refuse a free one;
 * - a screen polls every few seconds anyway, and says when its figures were read (checkedAt).
 */
function sharedFigures(eventId: string): Promise<LiveFigures | null> {
  const nowMs = Date.now();
  const kept = memo.get(eventId);
  if (kept && nowMs < kept.until) return kept.read;
  if (memo.size >= 1000) memo.clear();
  const read = readLiveFigures(eventId, new Date(nowMs));
  const entry = { until: nowMs + LIVE_SHARED_MS, read };
  memo.set(eventId, entry);
  // A failed read is not shared: the next caller tries again.
  read.catch(() => {
    if (memo.get(eventId) === entry) memo.delete(eventId);
  });
  return read;
}

/** The live on-sale view of an event for an organiser who may see it (owner, manager), in `locale`. */
export async function liveView(userId: string, eventId: string, locale: Locale): Promise<{ ok: true; live: LiveView } | AccessFailure> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  const figures = await sharedFigures(eventId);
  if (!figures) return { ok: false, code: 'ORG_NOT_FOUND' };
  const categories = figures.categories.map(({ name, ...c }) => ({ ...c, name: textIn(name, locale) }));
  return {
    ok: true,
    live: {
      ...figures,
      categories,
      sold: categories.reduce((n, c) => n + c.sold, 0),
      capacity: categories.reduce((n, c) => n + c.capacity, 0),
      soldOut: categories.filter((c) => c.soldOut).map((c) => c.id),
    },
  };
}
