import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb, rowsOf, tables } from '@/lib/server/db';
import type { VenueOutlineShape } from '@/lib/server/db/schema';
import { eventChanged } from '@/lib/server/events/changed';
import type { CreateVenueInput, UpdateVenueInput, VenueDetailAnswer } from '@/lib/schemas/organiser-venues';
import { myOrganisations, orgAccess, venueAccess, type AccessFailure } from '@/lib/server/organiser/access';
import { RETIRED_SECTION_CODE, readLayout, venueEventIds } from './layout';

// An organisation's venues: the list with counts, creating one, its details and its layout (the
// layout itself is changed through ./layout.ts).

export type VenueSummary = {
  id: string;
  name: string;
  address: string;
  city: string;
  country: string;
  sections: number;
  seats: number;
  standingCapacity: number;
  events: number;
};

/** The organisation's venues by name, with their sections, seats, standing places and events. */
export async function listVenues(userId: string, orgId: string): Promise<{ ok: true; venues: VenueSummary[] } | AccessFailure> {
  const access = await orgAccess(userId, orgId, 'events');
  if (!access.ok) return access;
  const rows = rowsOf<VenueSummary>(
    await getDb().execute(sql`
      select v.id, v.name, v.address, v.city, v.country,
        (select count(*)::int from venue_sections s where s.venue_id = v.id and s.code <> ${RETIRED_SECTION_CODE}) as sections,
        (select count(*)::int from venue_seats vs join venue_sections s on s.id = vs.section_id where vs.venue_id = v.id and s.code <> ${RETIRED_SECTION_CODE}) as seats,
        (select coalesce(sum(s.capacity), 0)::int from venue_sections s where s.venue_id = v.id and s.kind = 'standing') as "standingCapacity",
        (select count(*)::int from events e where e.venue_id = v.id and e.status <> 'cancelled') as events
      from venues v where v.org_id = ${orgId} order by v.name`),
  );
  return { ok: true, venues: rows.map((r) => ({ ...r, sections: Number(r.sections), seats: Number(r.seats), standingCapacity: Number(r.standingCapacity), events: Number(r.events) })) };
}

function slugOf(name: string): string {
  const base = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'venue'}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A new venue of the organisation, without sections yet (the editor or a layout file adds them). */
export async function createVenue(userId: string, input: CreateVenueInput): Promise<{ ok: true; id: string } | AccessFailure> {
  const access = await orgAccess(userId, input.organisation, 'events');
  if (!access.ok) return access;
  const [row] = await getDb()
    .insert(tables.venues)
    .values({
      orgId: input.organisation,
      slug: slugOf(input.name),
      name: input.name,
      address: input.address,
      city: input.city,
      country: input.country,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
      mapWidth: input.mapWidth ?? 1000,
      mapHeight: input.mapHeight ?? 700,
    })
    .returning({ id: tables.venues.id });
  return { ok: true, id: row.id };
}

/** The venue's details, its sections with ids and sold counts, and its layout in the JSON format. */
export async function getVenue(userId: string, venueId: string): Promise<{ ok: true; venue: VenueDetailAnswer } | AccessFailure> {
  const access = await venueAccess(userId, venueId, 'events');
  if (!access.ok) return access;
  const db = getDb();
  const [venue] = await db.select().from(tables.venues).where(eq(tables.venues.id, venueId));
  const layout = await readLayout(db, venue);
  const counts = rowsOf<{ id: string; code: string; name: VenueDetailAnswer['sections'][number]['name']; kind: 'seated' | 'standing'; capacity: number | null; seats: number; sold: number }>(
    await db.execute(sql`
      select s.id, s.code, s.name, s.kind, s.capacity,
        (select count(*)::int from venue_seats vs where vs.section_id = s.id) as seats,
        (select count(*)::int from inventory_units u
           join events e on e.id = u.event_id and e.status <> 'cancelled' and coalesce(e.ends_at, e.starts_at) > now()
           left join venue_seats vs on vs.id = u.seat_id
           join event_sections es on es.event_id = u.event_id and es.section_id = s.id
           where (vs.section_id = s.id or (u.seat_id is null and s.kind = 'standing' and u.ticket_type_id = es.ticket_type_id))
             and (u.status = 'sold' or unit_is_held(u.status, u.held_until, now()))) as sold
      from venue_sections s where s.venue_id = ${venueId} and s.code <> ${RETIRED_SECTION_CODE} order by s.sort_order, s.code`),
  );
  // Another organiser's event at a shared venue is listed (its dates hold the seats) but is theirs: only the
  // events of an organisation where the caller may edit events (the access table) are linked in the console.
  const editable = new Set((await myOrganisations(userId)).filter((org) => org.capabilities.includes('events')).map((org) => org.id));
  const eventList = rowsOf<{ id: string; slug: string; org_id: string; title: VenueDetailAnswer['eventList'][number]['title'] | string; starts_at: Date | string; status: VenueDetailAnswer['eventList'][number]['status'] }>(
    await db.execute(sql`select id, slug, org_id, title, starts_at, status from events where venue_id = ${venueId} and status <> 'cancelled' order by starts_at`),
  ).map((e) => ({
    mine: editable.has(e.org_id),
    id: e.id,
    slug: e.slug,
    title: typeof e.title === 'string' ? JSON.parse(e.title) : e.title,
    startsAt: new Date(e.starts_at).toISOString(),
    status: e.status,
  }));
  return {
    ok: true,
    venue: {
      id: venue.id,
      orgId: access.orgId,
      name: venue.name,
      address: venue.address,
      city: venue.city,
      country: venue.country as 'SK' | 'CZ',
      latitude: venue.latitude,
      longitude: venue.longitude,
      events: eventList.length,
      eventList,
      sections: counts.map((c) => ({
        id: c.id,
        code: c.code,
        name: typeof c.name === 'string' ? JSON.parse(c.name) : c.name,
        kind: c.kind,
        seats: Number(c.seats),
        capacity: c.capacity == null ? null : Number(c.capacity),
        sold: Number(c.sold),
      })),
      layout,
    },
  };
}

/** Changes the venue's details (and its map size or outline); what fans see of its events changes with it. */
export async function updateVenue(userId: string, venueId: string, input: UpdateVenueInput): Promise<{ ok: true } | AccessFailure> {
  const access = await venueAccess(userId, venueId, 'events');
  if (!access.ok) return access;
  const db = getDb();
  await db.transaction(async (tx) => {
    await tx
      .update(tables.venues)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.address !== undefined ? { address: input.address } : {}),
        ...(input.city !== undefined ? { city: input.city } : {}),
        ...(input.country !== undefined ? { country: input.country } : {}),
        ...(input.latitude !== undefined ? { latitude: input.latitude } : {}),
        ...(input.longitude !== undefined ? { longitude: input.longitude } : {}),
        ...(input.mapWidth !== undefined ? { mapWidth: input.mapWidth } : {}),
        ...(input.mapHeight !== undefined ? { mapHeight: input.mapHeight } : {}),
        ...(input.outline !== undefined ? { outline: input.outline as VenueOutlineShape[] } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(tables.venues.id, venueId)));
    for (const eventId of await venueEventIds(tx, venueId, { all: true })) await eventChanged(eventId, tx);
  });
  return { ok: true };
}
