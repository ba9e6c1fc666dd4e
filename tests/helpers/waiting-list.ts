// A small sold-out event for the waiting-list suites: one seated category of `seats` seats and one
// standing category of `places` places, every unit already held by fans' carts (or sold), the list on.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { makeOrganisation } from './organiser';

const t3 = (x: string) => ({ sk: x, cs: x, en: x });

export type SmallEvent = { id: string; slug: string; orgId: string; seatedType: string; standingType: string; seatIds: string[] };

export async function makeSmallEvent(db: Db, options: { seats?: number; places?: number; offerMinutes?: number; enabled?: boolean } = {}): Promise<SmallEvent> {
  const tag = randomBytes(4).toString('hex');
  const org = await makeOrganisation(db, `Waiting club ${tag}`);
  const [venue] = await db
    .insert(s.venues)
    .values({ orgId: org.id, slug: `wl-venue-${tag}`, name: 'Hala', address: 'Ulica 1', city: 'Bratislava', country: 'SK', mapWidth: 100, mapHeight: 100 })
    .returning({ id: s.venues.id });
  const [section] = await db.insert(s.venueSections).values({ venueId: venue.id, code: 'A', name: t3('A') }).returning({ id: s.venueSections.id });
  const [row] = await db.insert(s.venueRows).values({ sectionId: section.id, label: '1' }).returning({ id: s.venueRows.id });
  const seatCount = options.seats ?? 2;
  const seats = seatCount
    ? await db
        .insert(s.venueSeats)
        .values(Array.from({ length: seatCount }, (_, i) => ({ venueId: venue.id, sectionId: section.id, rowId: row.id, label: String(i + 1), sortOrder: i, x: i * 10, y: 10 })))
        .returning({ id: s.venueSeats.id })
    : [];
  const startsAt = new Date(Date.now() + 30 * 86_400_000);
  const [event] = await db
    .insert(s.events)
    .values({
      slug: `wl-event-${tag}`,
      orgId: org.id,
      venueId: venue.id,
      category: 'concert',
      status: 'on_sale',
      title: t3(`Waiting ${tag}`),
      summary: t3('Sold out'),
      description: t3('Sold out'),
      imageUrl: '/images/placeholder.jpg',
      currency: 'EUR',
      startsAt,
      publishedAt: new Date(),
      waitingListEnabled: options.enabled ?? true,
      waitingListOfferMinutes: options.offerMinutes ?? 30,
      maxTicketsPerUser: 4,
      maxTicketsPerOrder: 4,
    })
    .returning({ id: s.events.id, slug: s.events.slug });
  const [seated] = await db.insert(s.ticketTypes).values({ eventId: event.id, code: 'A', name: t3('Sedenie'), kind: 'seated', priceAmount: 2000 }).returning({ id: s.ticketTypes.id });
  const [standing] = await db.insert(s.ticketTypes).values({ eventId: event.id, code: 'GA', name: t3('Státie'), kind: 'standing', priceAmount: 1000, sortOrder: 1 }).returning({ id: s.ticketTypes.id });
  await db.insert(s.eventSections).values({ eventId: event.id, sectionId: section.id, ticketTypeId: seated.id });
  const units = [
    ...seats.map((seat) => ({ eventId: event.id, ticketTypeId: seated.id, seatId: seat.id })),
    ...Array.from({ length: options.places ?? 2 }, () => ({ eventId: event.id, ticketTypeId: standing.id })),
  ];
  if (units.length) await db.insert(s.inventoryUnits).values(units);
  return { id: event.id, slug: event.slug, orgId: org.id, seatedType: seated.id, standingType: standing.id, seatIds: seats.map((x) => x.id) };
}

/** Units of the event by status, counted in SQL. */
export async function unitStatuses(db: Db, eventId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: s.inventoryUnits.status, n: sql<number>`count(*)::int` })
    .from(s.inventoryUnits)
    .where(eq(s.inventoryUnits.eventId, eventId))
    .groupBy(s.inventoryUnits.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** The entry of a fan on the event's list (the newest). */
export async function entryOf(db: Db, eventId: string, userId: string) {
  const [row] = await db
    .select()
    .from(s.waitingListEntries)
    .where(and(eq(s.waitingListEntries.eventId, eventId), eq(s.waitingListEntries.userId, userId)))
    .orderBy(sql`created_at desc`)
    .limit(1);
  return row;
}
