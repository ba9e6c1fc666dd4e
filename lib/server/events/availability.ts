import 'server-only';
import { sql } from 'drizzle-orm';
import type { Availability } from '@/lib/schemas/events';
import { resaleFee } from '@/lib/money';
import { databaseKind, getDb, rowsOf } from '@/lib/server/db';
import { onEventChanged } from './changed';
import { listingIsFree, salePhase, unitIsFree, type Currency, type Money } from './rules';

// The answer of GET /api/v1/events/{id}/availability: its schema's type (lib/schemas/events.ts).
export type { Availability };
type ResaleOffer = Availability['resale'][number];

/** How many units each price category has in all (sold or not): changes only when the organiser adds places. */
export async function inventoryTotals(eventUuid: string): Promise<Record<string, number>> {
  const rows = rowsOf<{ ticket_type_id: string; n: number }>(
    await getDb().execute(sql`select u.ticket_type_id, count(*)::int as n from inventory_units u where u.event_id = ${eventUuid} group by u.ticket_type_id`),
  );
  return Object.fromEntries(rows.map((r) => [r.ticket_type_id, Number(r.n)]));
}

/**
 * What can be bought right now: free units per price category, the seats that are taken (sold,
 * blocked, or held by a live hold — an expired hold is free), and resale offers not in a live cart.
 * `knownTotals`: inventoryTotals of the event, or how to get them, when the caller has them cached
 * (asked only when a read starts: an answer shared from an earlier read needs none).
 *
 * Callers of one event at once share reads: a caller who comes while a read is under way waits for the
 * next one, which starts when that read is back and answers everyone who came meanwhile, so a thousand
 * pollers cost one read at a time per event (README, Decisions, for the figures). Whether a read may
 * also answer callers who come after it is back is availabilitySharedForMs()'s rule: on PostgreSQL it
 * may not (whatever any server process wrote before the call is in the answer), on the embedded PGlite
 * for up to a second.
 */
export function getAvailability(eventUuid: string, knownTotals?: KnownTotals): Promise<Availability | null> {
  const kept = keptReads.get(eventUuid);
  if (kept) {
    if (Date.now() < kept.until) return kept.answer;
    keptReads.delete(eventUuid);
  }
  const reads = (readsOf[eventUuid] ??= { current: null, next: null });
  if (reads.next) return reads.next;
  if (!reads.current) return begin(eventUuid, reads, knownTotals);
  const next = reads.current.then(
    () => begin(eventUuid, reads, knownTotals),
    () => begin(eventUuid, reads, knownTotals),
  );
  reads.next = next;
  return next;
}

/**
 * How long a read of availability may answer the callers who come after it. A process that is its
 * database's only writer may share availability for up to a second: it makes every write that changes
 * availability itself, and each one ends the shared read of its event at once (availabilityChanged,
 * ./changed.ts, told to every copy of this module in the thread) — and a shared read never outlives
 * the moment it would change by itself (a live hold runs out, the event starts). That process is the
 * one on the embedded PGlite, whose data folder only one process opens; there a read stops the
 * server's one thread (~5 ms for the stadium), and sharing keeps the polling of an on-sale rush from
 * taking all of it. On PostgreSQL other server processes hold seats too, and a hold is too frequent to
 * announce across processes (a NOTIFY takes a database-wide lock at commit), so nothing is shared past
 * its read: a hold anywhere shows on the very next request (e2e/pg/two-servers.spec.ts).
 */
export function availabilitySharedForMs(): number {
  return databaseKind() === 'pglite' ? 1000 : 0;
}

type KnownTotals = Record<string, number> | (() => Promise<Record<string, number>>);

type Reads = { current: Promise<Availability | null> | null; next: Promise<Availability | null> | null };
/** Per event: the read under way, and the one that starts when it is back (per thread). */
const readsOf: Record<string, Reads> = Object.create(null);

/** Per event: the last read, while availabilitySharedForMs() lets it answer (only the database's only writer keeps any; docs/decisions/in-process-caches.md). */
const keptReads = new Map<string, { until: number; answer: Promise<Availability> }>();
/** Changes heard of, per event and for all at once: a read during which one came is not kept. */
const changesOf = new Map<string, number>();
let changesOfAll = 0;
const changeStamp = (eventUuid: string) => `${changesOfAll}/${changesOf.get(eventUuid) ?? 0}`;

function forget(eventUuid: string | null) {
  if (eventUuid === null) {
    changesOfAll++;
    keptReads.clear();
    return;
  }
  changesOf.set(eventUuid, (changesOf.get(eventUuid) ?? 0) + 1);
  keptReads.delete(eventUuid);
}
// A hold or a release of this process (possibly by another copy of this module: the hot API's bundle),
// and any change of the event itself (status, resale offers). eventChanged(id, tx) tells before its
// transaction commits; on PGlite a query waits for an open transaction, so no read begun after the
// telling can miss the write.
onEventChanged(forget, { availability: true });

function begin(eventUuid: string, reads: Reads, knownTotals?: KnownTotals): Promise<Availability | null> {
  const sharedForMs = availabilitySharedForMs();
  const startedAt = Date.now();
  const stamp = changeStamp(eventUuid);
  const read = readAvailability(eventUuid, knownTotals, sharedForMs > 0).then((result) => {
    if (!result) return null;
    // Counted from the read's start, and only if nothing changed while it ran: a write that committed
    // during it may or may not be in it.
    if (sharedForMs > 0 && changeStamp(eventUuid) === stamp) {
      const until = Math.min(startedAt + sharedForMs, result.nextChange ?? Infinity);
      if (keptReads.size >= 1000) keptReads.clear();
      keptReads.set(eventUuid, { until, answer: Promise.resolve(result.availability) });
    }
    return result.availability;
  });
  reads.current = read;
  reads.next = null;
  const done = () => {
    if (reads.current !== read || reads.next) return;
    reads.current = null;
    delete readsOf[eventUuid];
  };
  read.then(done, done);
  return read;
}

/**
 * The availability, and with `withNextChange` the next moment it changes by itself (a live hold or a
 * resale offer's hold runs out, the event starts), if any.
 */
async function readAvailability(
  eventUuid: string,
  knownTotals: KnownTotals | undefined,
  withNextChange: boolean,
): Promise<{ availability: Availability; nextChange: number | null } | null> {
  const db = getDb();
  // Only the units that are NOT plainly available are read (through the type/status index): free = total − taken.
  const result = await db.execute(sql`
    select e.slug, e.status, e.currency, e.starts_at, e.sale_starts_at, e.sale_ends_at, e.max_tickets_per_order, e.resale_buyer_fee_bps, e.resale_enabled,
      (select coalesce(json_agg(json_build_object('id', tt.id, 'price', tt.price_amount) order by tt.sort_order, tt.price_amount), '[]'::json)
         from ticket_types tt where tt.event_id = e.id) as types,
      (select coalesce(json_agg(json_build_object('t', u.ticket_type_id, 's', u.seat_id)), '[]'::json)
         from ticket_types tt join inventory_units u on u.ticket_type_id = tt.id and u.status in ('held', 'sold', 'blocked')
        where tt.event_id = e.id and not ${unitIsFree}) as taken,
      -- Free units the waiting list keeps for its fans are not for general sale (functions.sql waiting_list_reserves).
      case when exists (select 1 from waiting_list_entries w where w.event_id = e.id and w.status = 'waiting') then
        (select coalesce(json_agg(json_build_object('t', u.ticket_type_id, 's', u.seat_id)), '[]'::json)
           from inventory_units u where u.event_id = e.id and ${unitIsFree} and waiting_list_reserves(e.id, u.ticket_type_id))
      end as reserved,
      -- Free wheelchair places and companion seats are held back for ZŤP / ZŤP-S card holders (lib/server/concessions).
      (select coalesce(json_agg(json_build_object('t', u.ticket_type_id, 's', u.seat_id)), '[]'::json)
         from accessible_seats a join inventory_units u on u.event_id = e.id and u.seat_id = a.seat_id
        where ${unitIsFree}) as held_back,
      (select coalesce(json_agg(json_build_object('listingId', rl.id, 'ticketTypeId', tk.ticket_type_id, 'seatId', u.seat_id, 'price', rl.price_amount, 'concession', tk.concession) order by rl.price_amount, rl.created_at), '[]'::json)
         from resale_listings rl join tickets tk on tk.id = rl.ticket_id join inventory_units u on u.id = tk.unit_id
        where rl.event_id = e.id and ${listingIsFree}) as resale,
      ${withNextChange ? NEXT_CHANGE : sql`null::timestamptz`} as next_change
    from events e where e.id = ${eventUuid} and e.status <> 'draft'`);
  type Row = {
    slug: string;
    status: string;
    currency: Currency;
    starts_at: string | Date;
    sale_starts_at: string | Date | null;
    sale_ends_at: string | Date | null;
    max_tickets_per_order: number;
    resale_buyer_fee_bps: number;
    resale_enabled: boolean;
    types: unknown;
    taken: unknown;
    reserved: unknown;
    held_back: unknown;
    resale: unknown;
    next_change: string | Date | null;
  };
  const [row] = rowsOf<Row>(result);
  if (!row) return null;
  const totals = await (typeof knownTotals === 'function' ? knownTotals() : (knownTotals ?? inventoryTotals(eventUuid)));
  const parse = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  const currency = row.currency;
  const onSale = salePhase({ status: row.status, startsAt: row.starts_at, saleStartsAt: row.sale_starts_at, saleEndsAt: row.sale_ends_at }) === 'open';
  const taken = [
    ...parse<{ t: string; s: string | null }[]>(row.taken),
    ...(row.reserved ? parse<{ t: string; s: string | null }[]>(row.reserved) : []),
    ...parse<{ t: string; s: string | null }[]>(row.held_back ?? '[]'),
  ];
  const takenPerType = new Map<string, number>();
  for (const unit of taken) takenPerType.set(unit.t, (takenPerType.get(unit.t) ?? 0) + 1);
  const types = parse<{ id: string; price: number }[]>(row.types).map((t) => ({
    id: t.id,
    price: t.price,
    available: Math.max(0, (totals[t.id] ?? 0) - (takenPerType.get(t.id) ?? 0)),
  }));
  const listings = parse<{ listingId: string; ticketTypeId: string; seatId: string | null; price: number; concession: ResaleOffer['concession'] }[]>(row.resale);
  const availability: Availability = {
    eventId: row.slug,
    checkedAt: new Date().toISOString(),
    onSale,
    maxTicketsPerOrder: Number(row.max_tickets_per_order),
    ticketTypes: types.map((t) => ({ id: t.id, available: onSale ? Number(t.available) : 0, price: { amount: Number(t.price), currency } })),
    takenSeatIds: taken.flatMap((u) => (u.s ? [u.s] : [])),
    resale:
      onSale && row.resale_enabled
        ? listings.map((l) => ({
            listingId: l.listingId,
            ticketTypeId: l.ticketTypeId,
            seatId: l.seatId,
            concession: l.concession ?? null,
            price: { amount: Number(l.price), currency },
            buyerFee: { amount: resaleFee(Number(l.price), Number(row.resale_buyer_fee_bps)), currency },
          }))
        : [],
  };
  return { availability, nextChange: row.next_change ? new Date(row.next_change).getTime() : null };
}

/** The next moment an event's availability changes with nobody writing: a live hold ends, sales open or close, or the event starts. */
const NEXT_CHANGE = sql`least(
        (select min(u.held_until) from ticket_types tt join inventory_units u on u.ticket_type_id = tt.id and u.status = 'held'
          where tt.event_id = e.id and unit_is_held(u.status, u.held_until, now())),
        (select min(rl.held_until) from resale_listings rl where rl.event_id = e.id and rl.status = 'active' and held_until_live(rl.held_until, now())),
        case when e.starts_at > now() then e.starts_at end,
        case when e.sale_starts_at > now() then e.sale_starts_at end,
        case when e.sale_ends_at > now() then e.sale_ends_at end
      )`;
