import 'server-only';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { isEventRef, isUuid } from '@/lib/ids';
import { readText } from '@/lib/localized-text';
import type { EventCategory } from '@/lib/schemas/events';
import { getDb, rowsOf, tables } from '@/lib/server/db';
import type { GalleryImage, LocalizedText, VenueOutlineShape } from '@/lib/server/db/schema';
import { RETIRED_SECTION_CODE } from '@/lib/server/venues/retired-section';
import { seasonSelling } from '@/lib/server/seasons/windows';
import { hasPriorityWindow, iso, isoOrNull, salePhase, type Currency, type Money, type PublicStatus, type SalePhase } from './rules';

// One event's page data, straight from the database (pages read it cached, through ./catalogue.ts).

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
/** `outline`: the pitch, rink or stage drawn under the seats. */
export type SeatLayout = { width: number; height: number; seatCount: number; outline: VenueOutlineShape[]; sections: SectionInfo[] };

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
  /** When sales open and close (null: from publishing, until the start). */
  saleStartsAt: string | null;
  saleEndsAt: string | null;
  /** Priority access (loyalty): fans with at least `points` of the organiser's points may buy from `startsAt`, before saleStartsAt. */
  priority: { points: number; startsAt: string } | null;
  /** Started already: shown, never sold. */
  isPast: boolean;
  /** Whether fans may buy now (rules.ts salePhase), as of this read. */
  salePhase: SalePhase;
  performers: string[];
  imageUrl: string;
  gallery: GalleryImage[];
  currency: Currency;
  maxTicketsPerOrder: number;
  serviceFee: Money;
  organiser: { name: string; website: string | null };
  /** The season this match belongs to, and whether its season tickets sell now (sale or renewal open, as of this read). */
  season: { slug: string; name: LocalizedText; selling: boolean } | null;
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

/**
 * Everything the event page shows that does not change with every sale: texts (read as fans see them:
 * lib/localized-text.ts), venue, prices, seat layout. `draft: true` also reads a draft (the organiser's
 * preview, events/edit/preview.ts); fans never get one.
 */
export async function getEventDetail(idOrSlug: string, options: { seats?: boolean; draft?: boolean } = {}): Promise<EventDetail | null> {
  if (!isEventRef(idOrSlug)) return null;
  const db = getDb();
  const e = tables.events;
  const key = isUuid(idOrSlug) ? eq(e.id, idOrSlug) : eq(e.slug, idOrSlug);
  const [row] = await db
    .select({ event: e, venue: tables.venues, organiser: { name: tables.organisations.name, website: tables.organisations.website, language: tables.organisations.language }, season: tables.seasons, seasonSelling: seasonSelling(new Date()) })
    .from(e)
    .innerJoin(tables.venues, eq(tables.venues.id, e.venueId))
    .innerJoin(tables.organisations, eq(tables.organisations.id, e.orgId))
    .leftJoin(tables.seasons, eq(tables.seasons.id, e.seasonId))
    .where(options.draft ? key : and(key, ne(e.status, 'draft')))
    .limit(1);
  if (!row) return null;
  const { event, venue } = row;
  const first = row.organiser.language;

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
    layout.outline = venue.outline ?? [];
  }

  return {
    id: event.slug,
    uuid: event.id,
    title: readText(event.title, first),
    summary: readText(event.summary, first),
    description: readText(event.description, first),
    category: event.category,
    status: event.status as PublicStatus,
    startsAt: iso(event.startsAt),
    endsAt: isoOrNull(event.endsAt),
    doorsAt: isoOrNull(event.doorsAt),
    saleStartsAt: isoOrNull(event.saleStartsAt),
    saleEndsAt: isoOrNull(event.saleEndsAt),
    priority: hasPriorityWindow(event) ? { points: event.prioritySalePoints!, startsAt: iso(event.prioritySaleStartsAt) } : null,
    isPast: event.startsAt.getTime() <= Date.now(),
    salePhase: salePhase(event),
    performers: event.performers,
    imageUrl: event.imageUrl,
    gallery: event.gallery,
    currency: event.currency,
    maxTicketsPerOrder: event.maxTicketsPerOrder,
    serviceFee: { amount: event.serviceFeeAmount, currency: event.currency },
    organiser: { name: row.organiser.name, website: row.organiser.website },
    season: row.season ? { slug: row.season.slug, name: row.season.name, selling: Boolean(row.seasonSelling) } : null,
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
      name: readText(t.name, first),
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
        from venue_sections s where s.venue_id = ${venueId} and s.code <> ${RETIRED_SECTION_CODE} order by s.sort_order`),
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
  return { width, height, seatCount: sections.reduce((n, s) => n + s.seatCount, 0), outline: [], sections };
}

/** Sections → rows → seats of the venue, each seat with the price category that sells it at this event. */
async function seatLayout(eventId: string, venueId: string, width: number, height: number): Promise<SeatLayout> {
  const db = getDb();
  const [sections, rows, seats] = await Promise.all([
    // Not the hidden section of removed seats that old orders still name (venues/layout.ts).
    db
      .select()
      .from(tables.venueSections)
      .where(and(eq(tables.venueSections.venueId, venueId), ne(tables.venueSections.code, RETIRED_SECTION_CODE)))
      .orderBy(asc(tables.venueSections.sortOrder)),
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
  return { width, height, seatCount: out.reduce((n, s) => n + s.seatCount, 0), outline: [], sections: out };
}
