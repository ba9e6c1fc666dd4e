import 'server-only';
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { isEventRef, isUuid } from '@/lib/ids';
import { foldForSearch } from '@/lib/search-text';
import type { EventCategory } from '@/lib/schemas/events';
import { getDb, rowsOf, tables } from '@/lib/server/db';
import type { GalleryImage, LocalizedText } from '@/lib/server/db/schema';
import { threadChannel } from '@/lib/server/thread-channel';

// Uncached catalogue reads straight from the database. Pages and handlers go through
// ./catalogue.ts (cached) except for availability, which is always live.

export type Currency = 'EUR' | 'CZK';
export type Money = { amount: number; currency: Currency };
type PublicStatus = 'on_sale' | 'sold_out' | 'cancelled';

/** A unit is free when available, or held with a hold that has run out (the sweeper may not have reset it yet). */
const unitIsFree = sql`(u.status = 'available' or (u.status = 'held' and (u.held_until is null or u.held_until <= now())))`;
/** A resale listing can be bought when active and not in someone's live cart. */
const listingIsFree = sql`(rl.status = 'active' and (rl.hold_id is null or rl.held_until is null or rl.held_until <= now()))`;

/** Events a fan may find: published and not yet started. */
const LISTED = sql`e.status in ('on_sale', 'sold_out') and e.starts_at > now()`;

export type EventCard = {
  id: string;
  uuid: string;
  title: LocalizedText;
  summary: LocalizedText;
  category: EventCategory;
  status: PublicStatus;
  startsAt: string;
  venue: { name: string; city: string };
  imageUrl: string;
  lowestPrice: Money | null;
};

export type EventList = { items: EventCard[]; page: number; pageSize: number; total: number; pageCount: number };

export type EventListInput = {
  q?: string;
  category?: EventCategory;
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
};

const iso = (value: unknown): string => new Date(value as string | Date).toISOString();
const isoOrNull = (value: unknown): string | null => (value == null ? null : iso(value));

/** The words of a search, folded like events.search_text: case and diacritics do not matter. */
export function searchTerms(q: string | undefined): string[] {
  const folded = foldForSearch(q ?? '');
  return folded ? [...new Set(folded.split(' '))].slice(0, 8) : [];
}

/**
 * Published upcoming events, soonest first; with a search, every word must occur in the folded text
 * (titles in all languages, performers, venue, city, organiser) and better matches come first:
 * the whole phrase, then words matched at a word start, then inside a word.
 */
export async function listEvents(input: EventListInput = {}): Promise<EventList> {
  const db = getDb();
  const page = Math.max(1, input.page ?? 1);
  const pageSize = Math.min(50, Math.max(1, input.pageSize ?? 12));
  const terms = searchTerms(input.q);

  const where: SQL[] = [LISTED];
  if (input.category) where.push(sql`e.category = ${input.category}`);
  if (input.from) where.push(sql`e.starts_at >= (${input.from}::date::timestamp at time zone 'Europe/Bratislava')`);
  if (input.to) where.push(sql`e.starts_at < ((${input.to}::date + 1)::timestamp at time zone 'Europe/Bratislava')`);
  for (const term of terms) where.push(sql`e.search_text like ${`%${term}%`}`);

  let rank: SQL = sql`0`;
  if (terms.length) {
    const phrase = terms.join(' ');
    const parts = terms.map((term) => sql`(case when (' ' || e.search_text) like ${`% ${term}%`} then 2 else 1 end)`);
    rank = sql`(case when e.search_text like ${`%${phrase}%`} then 10 else 0 end) + ${sql.join(parts, sql` + `)}`;
  }

  const result = await db.execute(sql`
    select p.*,
      (select min(x.price) from (
         select tt.price_amount as price from ticket_types tt
          where tt.event_id = p.uuid
            and exists (select 1 from inventory_units u where u.ticket_type_id = tt.id and ${unitIsFree})
         union all
         select rl.price_amount from resale_listings rl where rl.event_id = p.uuid and ${listingIsFree}
      ) x) as lowest_price
    from (
      select e.id as uuid, e.slug, e.title, e.summary, e.category, e.status, e.starts_at, e.image_url, e.currency,
             v.name as venue_name, v.city as venue_city, ${rank} as rank, count(*) over () as total
        from events e join venues v on v.id = e.venue_id
       where ${sql.join(where, sql` and `)}
       order by rank desc, e.starts_at asc, e.slug asc
       limit ${pageSize} offset ${(page - 1) * pageSize}
    ) p
    order by p.rank desc, p.starts_at asc, p.slug asc`);

  type Row = {
    uuid: string;
    slug: string;
    title: LocalizedText;
    summary: LocalizedText;
    category: EventCategory;
    status: PublicStatus;
    starts_at: string | Date;
    image_url: string;
    currency: Currency;
    venue_name: string;
    venue_city: string;
    total: string | number;
    lowest_price: number | string | null;
  };
  const rows = rowsOf<Row>(result);
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && page > 1) {
    // Past the last page: still tell the caller how many there are.
    const [{ n }] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from events e where ${sql.join(where, sql` and `)}`),
    );
    total = Number(n);
  }
  return {
    items: rows.map((r) => ({
      id: r.slug,
      uuid: r.uuid,
      title: r.title,
      summary: r.summary,
      category: r.category,
      status: r.status,
      startsAt: iso(r.starts_at),
      venue: { name: r.venue_name, city: r.venue_city },
      imageUrl: r.image_url,
      lowestPrice: r.lowest_price == null ? null : { amount: Number(r.lowest_price), currency: r.currency },
    })),
    page,
    pageSize,
    total,
    pageCount: Math.ceil(total / pageSize),
  };
}

export type TicketTypeInfo = {
  id: string;
  code: string;
  name: LocalizedText;
  kind: 'seated' | 'standing';
  price: Money;
  color: string;
};

export type SeatInfo = { id: string; label: string; x: number; y: number; ticketTypeId: string | null };
export type SectionInfo = {
  id: string;
  code: string;
  name: LocalizedText;
  labelX: number | null;
  labelY: number | null;
  seatCount: number;
  rows: { id: string; label: string; seats: SeatInfo[] }[];
};
export type SeatLayout = { width: number; height: number; seatCount: number; sections: SectionInfo[] };

export type EventDetail = {
  id: string;
  uuid: string;
  title: LocalizedText;
  summary: LocalizedText;
  description: LocalizedText;
  category: EventCategory;
  status: PublicStatus;
  startsAt: string;
  endsAt: string | null;
  doorsAt: string | null;
  /** Started already: shown, never sold. */
  isPast: boolean;
  performers: string[];
  imageUrl: string;
  gallery: GalleryImage[];
  currency: Currency;
  maxTicketsPerOrder: number;
  serviceFee: Money;
  organiser: { name: string; website: string | null };
  venue: { name: string; address: string; city: string; country: string; latitude: number | null; longitude: number | null };
  resale: { enabled: boolean; capPercent: number | null; capAmount: number | null; buyerFeeBps: number };
  ticketTypes: TicketTypeInfo[];
  layout: SeatLayout | null;
  updatedAt: string;
};

/** The event's uuid, slug and status for a URL id (slug) or a uuid; drafts and unknown ids are null. */
export async function findPublicEvent(idOrSlug: string): Promise<{ uuid: string; slug: string; startsAt: Date; status: PublicStatus } | null> {
  if (!isEventRef(idOrSlug)) return null;
  const db = getDb();
  const e = tables.events;
  const key = isUuid(idOrSlug) ? eq(e.id, idOrSlug) : eq(e.slug, idOrSlug);
  const [row] = await db
    .select({ uuid: e.id, slug: e.slug, startsAt: e.startsAt, status: e.status })
    .from(e)
    .where(and(key, ne(e.status, 'draft')))
    .limit(1);
  return row ? { ...row, status: row.status as PublicStatus } : null;
}

/** Everything the event page shows that does not change with every sale: texts, venue, prices, seat layout. */
export async function getEventDetail(idOrSlug: string, options: { seats?: boolean } = {}): Promise<EventDetail | null> {
  if (!isEventRef(idOrSlug)) return null;
  const db = getDb();
  const e = tables.events;
  const key = isUuid(idOrSlug) ? eq(e.id, idOrSlug) : eq(e.slug, idOrSlug);
  const [row] = await db
    .select({ event: e, venue: tables.venues, organiser: { name: tables.organisations.name, website: tables.organisations.website } })
    .from(e)
    .innerJoin(tables.venues, eq(tables.venues.id, e.venueId))
    .innerJoin(tables.organisations, eq(tables.organisations.id, e.orgId))
    .where(and(key, ne(e.status, 'draft')))
    .limit(1);
  if (!row) return null;
  const { event, venue } = row;

  const types = await db
    .select()
    .from(tables.ticketTypes)
    .where(eq(tables.ticketTypes.eventId, event.id))
    .orderBy(asc(tables.ticketTypes.sortOrder), asc(tables.ticketTypes.priceAmount));

  let layout: SeatLayout | null = null;
  if (types.some((t) => t.kind === 'seated') && venue.mapWidth && venue.mapHeight) {
    layout = options.seats
      ? await seatLayout(event.id, venue.id, venue.mapWidth, venue.mapHeight)
      : await layoutSummary(venue.id, venue.mapWidth, venue.mapHeight);
  }

  return {
    id: event.slug,
    uuid: event.id,
    title: event.title,
    summary: event.summary,
    description: event.description,
    category: event.category,
    status: event.status as PublicStatus,
    startsAt: iso(event.startsAt),
    endsAt: isoOrNull(event.endsAt),
    doorsAt: isoOrNull(event.doorsAt),
    isPast: event.startsAt.getTime() <= Date.now(),
    performers: event.performers,
    imageUrl: event.imageUrl,
    gallery: event.gallery,
    currency: event.currency,
    maxTicketsPerOrder: event.maxTicketsPerOrder,
    serviceFee: { amount: event.serviceFeeAmount, currency: event.currency },
    organiser: row.organiser,
    venue: {
      name: venue.name,
      address: venue.address,
      city: venue.city,
      country: venue.country,
      latitude: venue.latitude,
      longitude: venue.longitude,
    },
    resale: {
      enabled: event.resaleEnabled,
      capPercent: event.resaleCapPercent,
      capAmount: event.resaleCapAmount,
      buyerFeeBps: event.resaleBuyerFeeBps,
    },
    ticketTypes: types.map((t) => ({
      id: t.id,
      code: t.code,
      name: t.name,
      kind: t.kind,
      price: { amount: t.priceAmount, currency: event.currency },
      color: t.color,
    })),
    layout,
    updatedAt: iso(event.updatedAt),
  };
}

/** Sections with their seat counts, without the seats (what the event page and the API summary need). */
async function layoutSummary(venueId: string, width: number, height: number): Promise<SeatLayout> {
  const db = getDb();
  const rows = rowsOf<{ id: string; code: string; name: LocalizedText; label_x: number | null; label_y: number | null; seats: number }>(
    await db.execute(sql`
      select s.id, s.code, s.name, s.label_x, s.label_y, (select count(*)::int from venue_seats vs where vs.section_id = s.id) as seats
        from venue_sections s where s.venue_id = ${venueId} order by s.sort_order`),
  );
  const sections = rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: typeof r.name === 'string' ? (JSON.parse(r.name) as LocalizedText) : r.name,
    labelX: r.label_x == null ? null : Number(r.label_x),
    labelY: r.label_y == null ? null : Number(r.label_y),
    seatCount: Number(r.seats),
    rows: [],
  }));
  return { width, height, seatCount: sections.reduce((n, s) => n + s.seatCount, 0), sections };
}

/** Sections → rows → seats of the venue, each seat with the price category that sells it at this event. */
async function seatLayout(eventId: string, venueId: string, width: number, height: number): Promise<SeatLayout> {
  const db = getDb();
  const [sections, rows, seats] = await Promise.all([
    db.select().from(tables.venueSections).where(eq(tables.venueSections.venueId, venueId)).orderBy(asc(tables.venueSections.sortOrder)),
    db
      .select({ id: tables.venueRows.id, sectionId: tables.venueRows.sectionId, label: tables.venueRows.label })
      .from(tables.venueRows)
      .innerJoin(tables.venueSections, eq(tables.venueSections.id, tables.venueRows.sectionId))
      .where(eq(tables.venueSections.venueId, venueId))
      .orderBy(asc(tables.venueRows.sortOrder)),
    db
      .select({
        id: tables.venueSeats.id,
        rowId: tables.venueSeats.rowId,
        label: tables.venueSeats.label,
        x: tables.venueSeats.x,
        y: tables.venueSeats.y,
        ticketTypeId: tables.inventoryUnits.ticketTypeId,
      })
      .from(tables.venueSeats)
      .leftJoin(
        tables.inventoryUnits,
        and(eq(tables.inventoryUnits.seatId, tables.venueSeats.id), eq(tables.inventoryUnits.eventId, eventId)),
      )
      .where(eq(tables.venueSeats.venueId, venueId))
      .orderBy(asc(tables.venueSeats.sortOrder)),
  ]);
  const seatsByRow = new Map<string, SeatInfo[]>();
  for (const seat of seats) {
    const list = seatsByRow.get(seat.rowId) ?? [];
    list.push({ id: seat.id, label: seat.label, x: seat.x, y: seat.y, ticketTypeId: seat.ticketTypeId });
    seatsByRow.set(seat.rowId, list);
  }
  const rowsBySection = new Map<string, SectionInfo['rows']>();
  for (const row of rows) {
    const list = rowsBySection.get(row.sectionId) ?? [];
    list.push({ id: row.id, label: row.label, seats: seatsByRow.get(row.id) ?? [] });
    rowsBySection.set(row.sectionId, list);
  }
  const out = sections.map((s) => {
    const sectionRows = rowsBySection.get(s.id) ?? [];
    return {
      id: s.id,
      code: s.code,
      name: s.name,
      labelX: s.labelX,
      labelY: s.labelY,
      seatCount: sectionRows.reduce((n, r) => n + r.seats.length, 0),
      rows: sectionRows,
    };
  });
  return { width, height, seatCount: seats.length, sections: out };
}

export type ResaleOffer = {
  listingId: string;
  ticketTypeId: string;
  seatId: string | null;
  price: Money;
  buyerFee: Money;
};

export type Availability = {
  eventId: string;
  checkedAt: string;
  /** False for past, cancelled events: nothing can be bought. */
  onSale: boolean;
  maxTicketsPerOrder: number;
  ticketTypes: { id: string; available: number; price: Money }[];
  takenSeatIds: string[];
  resale: ResaleOffer[];
};

/**
 * What can be bought right now (never cached): free units per price category, the seats that are
 * taken (sold, blocked, or held by a live hold — an expired hold is free), and resale offers not in a live cart.
 */
/** How many units each price category has in all (sold or not): changes only when the organiser adds places. */
export async function inventoryTotals(eventUuid: string): Promise<Record<string, number>> {
  const rows = rowsOf<{ ticket_type_id: string; n: number }>(
    await getDb().execute(sql`select u.ticket_type_id, count(*)::int as n from inventory_units u where u.event_id = ${eventUuid} group by u.ticket_type_id`),
  );
  return Object.fromEntries(rows.map((r) => [r.ticket_type_id, Number(r.n)]));
}

export async function getAvailability(eventUuid: string, knownTotals?: Record<string, number>): Promise<Availability | null> {
  return (await readAvailability(eventUuid, knownTotals))?.availability ?? null;
}

/** The availability and the next moment it changes by itself (a live hold runs out, the event starts), if any. */
async function readAvailability(eventUuid: string, knownTotals?: Record<string, number>): Promise<{ availability: Availability; nextChange: number | null } | null> {
  const db = getDb();
  // Only the units that are NOT plainly available are read (through the type/status index): free = total − taken.
  const result = await db.execute(sql`
    select e.slug, e.status, e.currency, e.starts_at, e.max_tickets_per_order, e.resale_buyer_fee_bps, e.resale_enabled,
      (select coalesce(json_agg(json_build_object('id', tt.id, 'price', tt.price_amount) order by tt.sort_order, tt.price_amount), '[]'::json)
         from ticket_types tt where tt.event_id = e.id) as types,
      (select coalesce(json_agg(json_build_object('t', u.ticket_type_id, 's', u.seat_id)), '[]'::json)
         from ticket_types tt join inventory_units u on u.ticket_type_id = tt.id and u.status in ('held', 'sold', 'blocked')
        where tt.event_id = e.id and not ${unitIsFree}) as taken,
      (select coalesce(json_agg(json_build_object('listingId', rl.id, 'ticketTypeId', tk.ticket_type_id, 'seatId', u.seat_id, 'price', rl.price_amount) order by rl.price_amount, rl.created_at), '[]'::json)
         from resale_listings rl join tickets tk on tk.id = rl.ticket_id join inventory_units u on u.id = tk.unit_id
        where rl.event_id = e.id and ${listingIsFree}) as resale,
      least(
        (select min(u.held_until) from ticket_types tt join inventory_units u on u.ticket_type_id = tt.id and u.status = 'held'
          where tt.event_id = e.id and u.held_until > now()),
        (select min(rl.held_until) from resale_listings rl where rl.event_id = e.id and rl.status = 'active' and rl.held_until > now()),
        case when e.starts_at > now() then e.starts_at end
      ) as next_change
    from events e where e.id = ${eventUuid} and e.status <> 'draft'`);
  type Row = {
    slug: string;
    status: string;
    currency: Currency;
    starts_at: string | Date;
    max_tickets_per_order: number;
    resale_buyer_fee_bps: number;
    resale_enabled: boolean;
    types: unknown;
    taken: unknown;
    resale: unknown;
    next_change: string | Date | null;
  };
  const [row] = rowsOf<Row>(result);
  if (!row) return null;
  const totals = knownTotals ?? (await inventoryTotals(eventUuid));
  const parse = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  const currency = row.currency;
  const onSale = row.status === 'on_sale' && new Date(row.starts_at).getTime() > Date.now();
  const taken = parse<{ t: string; s: string | null }[]>(row.taken);
  const takenPerType = new Map<string, number>();
  for (const unit of taken) takenPerType.set(unit.t, (takenPerType.get(unit.t) ?? 0) + 1);
  const types = parse<{ id: string; price: number }[]>(row.types).map((t) => ({
    id: t.id,
    price: t.price,
    available: Math.max(0, (totals[t.id] ?? 0) - (takenPerType.get(t.id) ?? 0)),
  }));
  const listings = parse<{ listingId: string; ticketTypeId: string; seatId: string | null; price: number }[]>(row.resale);
  const nextChange = row.next_change ? new Date(row.next_change).getTime() : null;
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
            price: { amount: Number(l.price), currency },
            buyerFee: { amount: Math.round((Number(l.price) * Number(row.resale_buyer_fee_bps)) / 10_000), currency },
          }))
        : [],
  };
  return { availability, nextChange };
}

/** Published upcoming events for sitemaps: slug and last change. */
export async function listSitemapEvents(): Promise<{ id: string; updatedAt: string }[]> {
  const db = getDb();
  const rows = rowsOf<{ slug: string; updated_at: string | Date }>(
    await db.execute(sql`select e.slug, e.updated_at from events e where ${LISTED} order by e.starts_at asc`),
  );
  return rows.map((r) => ({ id: r.slug, updatedAt: iso(r.updated_at) }));
}

/** Slugs of events by uuid (for tag invalidation and tests). */
export async function slugsOf(uuids: string[]): Promise<Map<string, string>> {
  if (!uuids.length) return new Map();
  const db = getDb();
  const rows = await db.select({ id: tables.events.id, slug: tables.events.slug }).from(tables.events).where(inArray(tables.events.id, uuids));
  return new Map(rows.map((r) => [r.id, r.slug]));
}

/** How long this process answers availability from its last read when nothing it knows of changed. */
export const AVAILABILITY_REUSE_MS = 1000;

type Read = { at: number; until: number; value: Availability | null };
const lastRead = new Map<string, Read>();
const inFlight = new Map<string, { version: number; read: Promise<Availability | null> }>();
const versions = new Map<string, number>();

function forget(eventUuid: string): void {
  versions.set(eventUuid, (versions.get(eventUuid) ?? 0) + 1);
  lastRead.delete(eventUuid);
  inFlight.delete(eventUuid);
}

// A write in one thread of the server must end the shared read in all of them.
const tellOtherThreads = threadChannel('tribuna:availability-changed', forget);

/**
 * Called by every write of this process that changes what an event has for sale (a cart takes or gives
 * back places, a payment sells or releases them, a resale offer appears or goes): the next
 * availability answer is read fresh from the database, in every thread of the process.
 */
export function availabilityChanged(eventUuid: string): void {
  forget(eventUuid);
  tellOtherThreads(eventUuid);
}

/** After a change that may touch every event (the whole catalogue revalidated). */
export function forgetAllAvailability(): void {
  for (const id of new Set([...lastRead.keys(), ...inFlight.keys()])) availabilityChanged(id);
}

/**
 * getAvailability for the polling event pages: concurrent callers for one event share one database
 * read, and for up to AVAILABILITY_REUSE_MS the last read answers — never past the moment it changes
 * by itself (the earliest live hold running out, the start of the event), and never after a write of
 * this process to that event (availabilityChanged). Writes by other server processes show within a second.
 */
export function liveAvailability(eventUuid: string, totals?: Record<string, number>): Promise<Availability | null> {
  const now = Date.now();
  const last = lastRead.get(eventUuid);
  if (last && now < last.until) return Promise.resolve(last.value);
  const running = inFlight.get(eventUuid);
  if (running) return running.read;
  const version = versions.get(eventUuid) ?? 0;
  const read = readAvailability(eventUuid, totals)
    .then((result) => {
      // Kept only if no write of this process happened while reading.
      if ((versions.get(eventUuid) ?? 0) === version) {
        const until = Math.min(now + AVAILABILITY_REUSE_MS, result?.nextChange ?? Infinity);
        lastRead.set(eventUuid, { at: now, until, value: result?.availability ?? null });
        // Bounded: forget reads nobody asked for again.
        if (lastRead.size > 5000) for (const [id, r] of lastRead) if (r.until <= now) lastRead.delete(id);
      }
      return result?.availability ?? null;
    })
    .finally(() => {
      if (inFlight.get(eventUuid)?.read === read) inFlight.delete(eventUuid);
    });
  inFlight.set(eventUuid, { version, read });
  return read;
}
