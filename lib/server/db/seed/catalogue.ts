import { eq, inArray } from 'drizzle-orm';
import { eventSearchText } from '../../../search-text';
import type { Db } from '../client';
import * as s from '../schema';
import { events as eventSeeds, organisations as orgSeeds, venues as venueSeeds, type EventSeed, type VenueSeed } from './catalogue-data';
import { hoursFromNow, localDateTime } from './dates';

const CHUNK = 1000;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

async function seedOrganisations(db: Db) {
  // The demo's organisations were approved (issue 32) with the seed's legal profile.
  await db
    .insert(s.organisations)
    .values(orgSeeds.map((org) => ({ ...org, approvedAt: new Date('2026-01-05T09:00:00Z') })))
    .onConflictDoNothing({ target: s.organisations.slug });
  const rows = await db.select({ id: s.organisations.id, slug: s.organisations.slug }).from(s.organisations);
  return new Map(rows.map((r) => [r.slug, r.id]));
}

async function seedVenue(db: Db, venue: VenueSeed): Promise<string> {
  const [existing] = await db.select({ id: s.venues.id }).from(s.venues).where(eq(s.venues.slug, venue.slug));
  if (existing) return existing.id;
  const [row] = await db
    .insert(s.venues)
    .values({
      slug: venue.slug,
      name: venue.name,
      address: venue.address,
      city: venue.city,
      country: venue.country,
      latitude: venue.latitude,
      longitude: venue.longitude,
      mapWidth: venue.layout?.width ?? venue.map?.width,
      mapHeight: venue.layout?.height ?? venue.map?.height,
      outline: venue.outline ?? [],
    })
    .returning({ id: s.venues.id });
  if (!venue.layout) return row.id;
  for (const [sectionIndex, section] of venue.layout.sections.entries()) {
    const [sectionRow] = await db
      .insert(s.venueSections)
      .values({ venueId: row.id, code: section.code, name: section.name, sortOrder: sectionIndex, labelX: section.labelX, labelY: section.labelY })
      .returning({ id: s.venueSections.id });
    const rowRows = await db
      .insert(s.venueRows)
      .values(section.rows.map((r, i) => ({ sectionId: sectionRow.id, label: r.label, sortOrder: i })))
      .returning({ id: s.venueRows.id, label: s.venueRows.label });
    const rowIds = new Map(rowRows.map((r) => [r.label, r.id]));
    const seats = section.rows.flatMap((r) =>
      r.seats.map((seat, i) => ({
        venueId: row.id,
        sectionId: sectionRow.id,
        rowId: rowIds.get(r.label)!,
        label: seat.label,
        sortOrder: i,
        x: seat.x,
        y: seat.y,
      })),
    );
    await insertChunked(seats, (chunk) => db.insert(s.venueSeats).values(chunk));
  }
  return row.id;
}

function searchTextOf(event: EventSeed, venue: VenueSeed, orgName: string): string {
  return eventSearchText({ title: event.title, performers: event.performers, venueName: venue.name, venueCity: venue.city, orgName });
}

export async function seedEvent(db: Db, event: EventSeed, ids: { orgId: string; venueId: string; venue: VenueSeed; orgName: string }) {
  const [existing] = await db.select({ id: s.events.id }).from(s.events).where(eq(s.events.slug, event.slug));
  if (existing) return;
  const startsAt = event.startsInHours !== undefined ? hoursFromNow(event.startsInHours) : localDateTime(event.inDays, event.time);
  const venue = ids.venue;
  const [eventRow] = await db
    .insert(s.events)
    .values({
      slug: event.slug,
      orgId: ids.orgId,
      venueId: ids.venueId,
      category: event.category,
      status: event.status ?? 'on_sale',
      title: event.title,
      summary: event.summary,
      description: event.description,
      performers: event.performers,
      searchText: searchTextOf(event, venue, ids.orgName),
      imageUrl: event.image,
      gallery: [event.image, ...venue.gallery].map((src, i) => ({
        src,
        width: 1600,
        height: 900,
        alt: i === 0 ? event.title : { sk: `${venue.name} (${i})`, cs: `${venue.name} (${i})`, en: `${venue.name} (${i})` },
      })),
      currency: event.currency,
      startsAt,
      endsAt: new Date(startsAt.getTime() + event.durationHours * 3_600_000),
      doorsAt: new Date(startsAt.getTime() - (event.doorsHours ?? 1) * 3_600_000),
      reservationMinutes: event.reservationMinutes ?? 10,
      maxTicketsPerOrder: event.maxPerOrder ?? 10,
      transferEnabled: event.transferEnabled ?? true,
      resaleEnabled: event.resale.enabled,
      resaleCapPercent: event.resale.capPercent ?? null,
      resaleCapAmount: event.resale.capAmount ?? null,
      resaleWindowHours: event.resale.windowHours ?? 2,
      resaleSellerFeeBps: event.resale.sellerFeeBps ?? 0,
      resaleBuyerFeeBps: event.resale.buyerFeeBps ?? 0,
      serviceFeeAmount: event.serviceFee,
    })
    .returning({ id: s.events.id });

  const typeRows = await db
    .insert(s.ticketTypes)
    .values(
      event.ticketTypes.map((type, i) => ({
        eventId: eventRow.id,
        code: type.code,
        name: type.name,
        kind: type.kind,
        priceAmount: type.price,
        color: type.color,
        sortOrder: i,
      })),
    )
    .returning({ id: s.ticketTypes.id, code: s.ticketTypes.code });
  const typeIds = new Map(typeRows.map((r) => [r.code, r.id]));

  const units: (typeof s.inventoryUnits.$inferInsert)[] = [];
  for (const type of event.ticketTypes) {
    const ticketTypeId = typeIds.get(type.code)!;
    if (type.kind === 'standing') {
      for (let i = 0; i < (type.places ?? 0); i++) units.push({ eventId: eventRow.id, ticketTypeId });
    }
  }
  const seatedCodes = event.ticketTypes.filter((type) => type.kind === 'seated').map((type) => type.code);
  if (seatedCodes.length && venue.layout) {
    const sectionCodes = venue.layout.sections.filter((sec) => seatedCodes.includes(sec.category));
    const sectionRows = await db
      .select({ id: s.venueSections.id, code: s.venueSections.code })
      .from(s.venueSections)
      .where(eq(s.venueSections.venueId, ids.venueId));
    const sectionIdToType = new Map(
      sectionRows
        .map((row) => [row.id, sectionCodes.find((sec) => sec.code === row.code)?.category] as const)
        .filter((pair): pair is readonly [string, string] => Boolean(pair[1])),
    );
    const seats = await db
      .select({ id: s.venueSeats.id, sectionId: s.venueSeats.sectionId })
      .from(s.venueSeats)
      .where(inArray(s.venueSeats.sectionId, [...sectionIdToType.keys()]));
    for (const seat of seats) {
      units.push({ eventId: eventRow.id, ticketTypeId: typeIds.get(sectionIdToType.get(seat.sectionId)!)!, seatId: seat.id });
    }
    // Which category sells each section: what the organiser console edits (inventory/sync.ts).
    await db
      .insert(s.eventSections)
      .values([...sectionIdToType].map(([sectionId, code]) => ({ eventId: eventRow.id, sectionId, ticketTypeId: typeIds.get(code)! })));
  }
  await insertChunked(units, (chunk) => db.insert(s.inventoryUnits).values(chunk));
}

/** Organisers, venues with seat layouts, events with price categories and one inventory row per unit. */
export async function seedCatalogue(db: Db): Promise<void> {
  const orgIds = await seedOrganisations(db);
  const venueIds = new Map<string, string>();
  for (const venue of venueSeeds) venueIds.set(venue.slug, await seedVenue(db, venue));
  for (const event of eventSeeds) {
    const venue = venueSeeds.find((v) => v.slug === event.venue)!;
    const org = orgSeeds.find((o) => o.slug === event.org)!;
    await seedEvent(db, event, { orgId: orgIds.get(event.org)!, venueId: venueIds.get(event.venue)!, venue, orgName: org.name });
  }
}
