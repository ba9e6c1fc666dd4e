import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { tables } from '@/lib/server/db';
import type { Locale } from '@/lib/i18n/locales';
import { readText } from '@/lib/localized-text';
import type { LocalizedText } from '@/lib/server/db/schema';

// Where a ticket takes its holder — the event, its venue, the ticket type and the seat — read the one
// way for every list of tickets (Your tickets, the gifts a fan gave away).
const t = tables.tickets;
const e = tables.events;
const section = alias(tables.venueSections, 'section');
const row = alias(tables.venueRows, 'row');

/** The columns of a ticket's place, to spread into a select over tickets joined by joinPlace. */
export const placeColumns = {
  typeName: tables.ticketTypes.name,
  sectionName: section.name,
  rowLabel: row.label,
  seatLabel: tables.venueSeats.label,
  eventId: e.id,
  slug: e.slug,
  title: e.title,
  language: tables.organisations.language,
  startsAt: e.startsAt,
  endsAt: e.endsAt,
  venueName: tables.venues.name,
  venueCity: tables.venues.city,
};

/**
 * Joins a select over tickets (`.$dynamic()`) to its place; a standing ticket has no seat. The joins add
 * nothing to what the select returns: its fields are named up front with placeColumns.
 */
export function joinPlace<Q extends PgSelect>(query: Q) {
  return query
    .innerJoin(e, eq(e.id, t.eventId))
    .innerJoin(tables.venues, eq(tables.venues.id, e.venueId))
    .innerJoin(tables.organisations, eq(tables.organisations.id, e.orgId))
    .innerJoin(tables.ticketTypes, eq(tables.ticketTypes.id, t.ticketTypeId))
    .innerJoin(tables.inventoryUnits, eq(tables.inventoryUnits.id, t.unitId))
    .leftJoin(tables.venueSeats, eq(tables.venueSeats.id, tables.inventoryUnits.seatId))
    .leftJoin(row, eq(row.id, tables.venueSeats.rowId))
    .leftJoin(section, eq(section.id, tables.venueSeats.sectionId));
}

/** Tickets in the order a fan reads them: by the event's start, then by seat. */
export const placeOrder = [asc(e.startsAt), asc(section.sortOrder), asc(row.sortOrder), asc(tables.venueSeats.sortOrder)];

/** A row read with placeColumns through joinPlace (the seat is null for a standing ticket). */
type PlaceRow = {
  typeName: LocalizedText;
  sectionName: LocalizedText | null;
  rowLabel: string | null;
  seatLabel: string | null;
  eventId: string;
  slug: string;
  title: LocalizedText;
  language: Locale;
  startsAt: Date;
  endsAt: Date | null;
  venueName: string;
  venueCity: string;
};

/** The place as the ticket schemas answer it. */
export function placeOf(r: PlaceRow) {
  return {
    ticketType: { name: readText(r.typeName, r.language) },
    seat: r.seatLabel && r.sectionName && r.rowLabel ? { section: r.sectionName, row: r.rowLabel, seat: r.seatLabel } : null,
    event: {
      id: r.eventId,
      slug: r.slug,
      title: readText(r.title, r.language),
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt?.toISOString() ?? null,
      venue: { name: r.venueName, city: r.venueCity },
    },
  };
}
