import 'server-only';
import { eventIsPlayed } from '@/lib/server/events/played';
import { RETIRED_SECTION_CODE } from '@/lib/server/venues/retired-section';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { OrganiserEvent, OrganiserEventRow, PriceCategory } from '@/lib/schemas/organiser-events';
import { getDb, rowsOf, tables, type Db, type Tx } from '@/lib/server/db';
import { eventAccess, orgAccess, type AccessFailure } from '@/lib/server/organiser/access';

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** Every event of the organisation, drafts too, newest start first, with what is sold of it. */
export async function listOrganiserEvents(userId: string, orgId: string): Promise<{ ok: true; events: OrganiserEventRow[] } | AccessFailure> {
  const access = await orgAccess(userId, orgId, 'events');
  if (!access.ok) return access;
  const db = getDb();
  const rows = await db
    .select({
      id: tables.events.id,
      slug: tables.events.slug,
      title: tables.events.title,
      status: tables.events.status,
      category: tables.events.category,
      startsAt: tables.events.startsAt,
      endsAt: tables.events.endsAt,
      currency: tables.events.currency,
      venueId: tables.venues.id,
      venueName: tables.venues.name,
      capacity: sql<number>`(select count(*) from inventory_units u where u.event_id = ${tables.events.id} and u.status <> 'blocked')::int`,
      sold: sql<number>`(select count(*) from tickets t where t.event_id = ${tables.events.id} and t.status <> 'void')::int`,
    })
    .from(tables.events)
    .innerJoin(tables.venues, eq(tables.venues.id, tables.events.venueId))
    .where(eq(tables.events.orgId, orgId))
    .orderBy(desc(tables.events.startsAt));
  const now = new Date();
  return {
    ok: true,
    events: rows.map(({ venueId, venueName, startsAt, endsAt, capacity, sold, ...row }) => ({
      ...row,
      played: eventIsPlayed({ status: row.status, startsAt, endsAt }, now),
      startsAt: startsAt.toISOString(),
      venue: { id: venueId, name: venueName },
      capacity: Number(capacity),
      sold: Number(sold),
    })),
  };
}

/** The event's price categories with their sections and what is sold, held and for sale of each. */
export async function categoriesOf(db: Db | Tx, eventId: string): Promise<PriceCategory[]> {
  const types = await db.select().from(tables.ticketTypes).where(eq(tables.ticketTypes.eventId, eventId)).orderBy(asc(tables.ticketTypes.sortOrder), asc(tables.ticketTypes.code));
  const counts = rowsOf<{ ticket_type_id: string; capacity: number; sold: number; held: number }>(
    await db.execute(sql`
      select u.ticket_type_id,
        count(*) filter (where u.status <> 'blocked')::int as capacity,
        count(*) filter (where u.status = 'sold')::int as sold,
        count(*) filter (where unit_is_held(u.status, u.held_until, now()))::int as held
      from inventory_units u where u.event_id = ${eventId} group by u.ticket_type_id`),
  );
  const sections = await db.select().from(tables.eventSections).where(eq(tables.eventSections.eventId, eventId));
  return types.map((type) => {
    const c = counts.find((row) => row.ticket_type_id === type.id);
    return {
      id: type.id,
      code: type.code,
      name: type.name,
      kind: type.kind,
      priceAmount: type.priceAmount,
      color: type.color,
      sortOrder: type.sortOrder,
      sectionIds: sections.filter((s) => s.ticketTypeId === type.id).map((s) => s.sectionId),
      capacity: Number(c?.capacity ?? 0),
      sold: Number(c?.sold ?? 0),
      held: Number(c?.held ?? 0),
    };
  });
}

/** The sections and standing areas of the event's venue, with their places and the category that sells each. */
export async function sectionsOf(db: Db | Tx, eventId: string, venueId: string): Promise<OrganiserEvent['sections']> {
  const rows = rowsOf<{ id: string; code: string; name: OrganiserEvent['title']; kind: 'seated' | 'standing'; places: number; category_id: string | null }>(
    await db.execute(sql`
      select s.id, s.code, s.name, s.kind,
        (case when s.kind = 'standing' then coalesce(s.capacity, 0)
              else (select count(*) from venue_seats vs where vs.section_id = s.id) end)::int as places,
        es.ticket_type_id as category_id
      from venue_sections s
      left join event_sections es on es.section_id = s.id and es.event_id = ${eventId}
      where s.venue_id = ${venueId} and s.code <> ${RETIRED_SECTION_CODE}
      order by s.sort_order, s.code`),
  );
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, kind: r.kind, places: Number(r.places), categoryId: r.category_id }));
}

/** Everything the organiser edits of one event, with its categories, the venue's sections and its counts. */
export async function readOrganiserEvent(userId: string, eventId: string): Promise<{ ok: true; event: OrganiserEvent } | AccessFailure> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  return { ok: true, event: await organiserEvent(getDb(), eventId) };
}

export async function organiserEvent(db: Db | Tx, eventId: string): Promise<OrganiserEvent> {
  const [row] = await db
    .select({ event: tables.events, venueName: tables.venues.name, venueCity: tables.venues.city })
    .from(tables.events)
    .innerJoin(tables.venues, eq(tables.venues.id, tables.events.venueId))
    .where(eq(tables.events.id, eventId));
  const e = row.event;
  const categories = await categoriesOf(db, eventId);
  const sold = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from tickets where event_id = ${eventId} and status <> 'void'`))[0]?.n ?? 0;
  return {
    id: e.id,
    orgId: e.orgId,
    slug: e.slug,
    status: e.status,
    venueId: e.venueId,
    venue: { id: e.venueId, name: row.venueName, city: row.venueCity },
    category: e.category,
    title: e.title,
    summary: e.summary,
    description: e.description,
    performers: e.performers,
    startsAt: e.startsAt.toISOString(),
    endsAt: iso(e.endsAt),
    doorsAt: iso(e.doorsAt),
    currency: e.currency,
    maxTicketsPerOrder: e.maxTicketsPerOrder,
    maxTicketsPerUser: e.maxTicketsPerUser,
    reservationMinutes: e.reservationMinutes,
    saleStartsAt: iso(e.saleStartsAt),
    saleEndsAt: iso(e.saleEndsAt),
    prioritySaleStartsAt: iso(e.prioritySaleStartsAt),
    prioritySalePoints: e.prioritySalePoints,
    serviceFeeAmount: e.serviceFeeAmount,
    imageUrl: e.imageUrl,
    publishedAt: iso(e.publishedAt),
    cancelledAt: iso(e.cancelledAt),
    sold: Number(sold),
    held: categories.reduce((n, c) => n + c.held, 0),
    capacity: categories.reduce((n, c) => n + c.capacity, 0),
    categories,
    sections: await sectionsOf(db, eventId, e.venueId),
  };
}

/** The organisation's venues an event can be at (the editor's choice). */
export async function venueChoices(
  userId: string,
  orgId: string,
): Promise<{ ok: true; venues: { id: string; name: string; city: string }[]; defaults: EventDefaults } | AccessFailure> {
  const access = await orgAccess(userId, orgId, 'events');
  if (!access.ok) return access;
  const venues = await getDb()
    .select({ id: tables.venues.id, name: tables.venues.name, city: tables.venues.city })
    .from(tables.venues)
    .where(eq(tables.venues.orgId, orgId))
    .orderBy(asc(tables.venues.name));
  return { ok: true, venues, defaults: await eventDefaults(getDb(), orgId) };
}

/** What the organisation's events are written in and start with: its own language (required first) and currency. */
export type EventDefaults = { language: 'sk' | 'cs' | 'en'; currency: 'EUR' | 'CZK' };

export async function eventDefaults(db: Db | Tx, orgId: string): Promise<EventDefaults> {
  const [org] = await db.select({ language: tables.organisations.language, currency: tables.organisations.currency }).from(tables.organisations).where(eq(tables.organisations.id, orgId));
  return org;
}
