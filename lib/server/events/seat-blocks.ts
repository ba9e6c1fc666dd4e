import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { EventSeatsAnswer, SeatBlockInput } from '@/lib/schemas/organiser-venues';
import { getDb, rowsOf, tables } from '@/lib/server/db';
import type { LocalizedText, VenueOutlineShape } from '@/lib/server/db/schema';
import { availabilityChanged, eventChanged } from '@/lib/server/events/changed';
import { eventIsPlayed, type EventPlayed } from '@/lib/server/events/played';
import { offerReturned } from '@/lib/server/waiting-list/offers';
import { eventAccess, type AccessFailure } from '@/lib/server/organiser/access';
import { RETIRED_SECTION_CODE } from '@/lib/server/venues/layout';
import { groupSeats } from '@/lib/server/venues/seat-rows';

// Seats held back from sale at one event (press, sponsors, safety): a free unit becomes 'blocked', and
// back. Sold seats and seats in a live cart are never touched: they are listed as refused.

type SeatStatus = EventSeatsAnswer['sections'][number]['rows'][number]['seats'][number]['status'];

/** The event's seats with what each is right now (an expired hold counts as available). */
export async function eventSeats(userId: string, eventId: string): Promise<{ ok: true; seats: EventSeatsAnswer } | AccessFailure> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  const db = getDb();
  const [row] = await db
    .select({ venueId: tables.venues.id, width: tables.venues.mapWidth, height: tables.venues.mapHeight, outline: tables.venues.outline })
    .from(tables.events)
    .innerJoin(tables.venues, eq(tables.venues.id, tables.events.venueId))
    .where(eq(tables.events.id, eventId));
  const seats = rowsOf<{
    section_id: string;
    code: string;
    name: LocalizedText | string;
    label_x: number | null;
    label_y: number | null;
    row: string;
    id: string;
    label: string;
    x: number;
    y: number;
    status: SeatStatus;
  }>(
    await db.execute(sql`
      select s.id as section_id, s.code, s.name, s.label_x, s.label_y, r.label as row, vs.id, vs.label, vs.x, vs.y,
        case when u.id is null then 'unsold'
             when unit_is_free(u.status, u.held_until, now()) then 'available'
             else u.status::text end as status
      from venue_seats vs
      join venue_sections s on s.id = vs.section_id and s.code <> ${RETIRED_SECTION_CODE}
      join venue_rows r on r.id = vs.row_id
      left join inventory_units u on u.seat_id = vs.id and u.event_id = ${eventId}
      where vs.venue_id = ${row.venueId}
      order by s.sort_order, s.code, r.sort_order, vs.sort_order`),
  );
  const counts = { available: 0, held: 0, sold: 0, blocked: 0 };
  for (const seat of seats) if (seat.status !== 'unsold') counts[seat.status]++;
  const sections: EventSeatsAnswer['sections'] = groupSeats(seats, (seat) => ({ id: seat.id, label: seat.label, x: Number(seat.x), y: Number(seat.y), status: seat.status }));
  return {
    ok: true,
    seats: { eventId, width: row.width ?? 1000, height: row.height ?? 700, outline: (row.outline ?? []) as VenueOutlineShape[] as EventSeatsAnswer['outline'], counts, sections },
  };
}

export type SeatBlockResult = { ok: true; changed: number; refused: { seatId: string; status: 'sold' | 'held' | 'unsold' }[] };

/**
 * Blocks free seats of the event, or releases blocked ones. Only units that are free (available, or held
 * by a cart whose time ran out) are blocked; only seats the event sells (their section is one of the
 * event's) are released. The rest is answered in `refused` with why.
 */
export async function blockSeats(userId: string, eventId: string, input: SeatBlockInput): Promise<SeatBlockResult | AccessFailure | EventPlayed> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  // A played event's seats stay as its match day left them (events/played.ts): its capacity is the report's.
  const [event] = await getDb()
    .select({ status: tables.events.status, startsAt: tables.events.startsAt, endsAt: tables.events.endsAt })
    .from(tables.events)
    .where(eq(tables.events.id, eventId));
  if (event && eventIsPlayed(event, new Date())) return { ok: false, code: 'EVENT_PLAYED' };
  const ids = [...new Set(input.seatIds)];
  const array = `{${ids.join(',')}}`;
  const result = await getDb().transaction(async (tx) => {
    const changed =
      input.action === 'block'
        ? rowsOf<{ seat_id: string }>(
            await tx.execute(sql`
              update inventory_units u set status = 'blocked', hold_id = null, held_until = null
              where u.event_id = ${eventId} and u.seat_id = any(${array}::uuid[])
                and unit_is_free(u.status, u.held_until, now())
              returning u.seat_id`),
          )
        : rowsOf<{ seat_id: string }>(
            await tx.execute(sql`
              update inventory_units u set status = 'available'
              where u.event_id = ${eventId} and u.seat_id = any(${array}::uuid[]) and u.status = 'blocked'
                and exists (select 1 from venue_seats vs join event_sections es on es.section_id = vs.section_id and es.event_id = u.event_id where vs.id = u.seat_id)
              returning u.seat_id`),
          );
    const done = new Set(changed.map((c) => c.seat_id));
    // What the rest is: a seat already as asked is no refusal.
    const rest = rowsOf<{ seat_id: string; status: string }>(
      await tx.execute(sql`
        select s.id as seat_id,
          case when u.id is null then 'unsold'
               when u.status = 'sold' then 'sold'
               when unit_is_held(u.status, u.held_until, now()) then 'held'
               when u.status = 'blocked' and not exists (select 1 from venue_seats vs join event_sections es on es.section_id = vs.section_id and es.event_id = u.event_id where vs.id = u.seat_id) then 'unsold'
               else u.status::text end as status
        from unnest(${array}::uuid[]) as s(id)
        left join inventory_units u on u.seat_id = s.id and u.event_id = ${eventId}`),
    );
    const wanted = input.action === 'block' ? 'blocked' : 'available';
    const refused = rest
      .filter((r) => !done.has(r.seat_id) && r.status !== wanted && (r.status === 'sold' || r.status === 'held' || r.status === 'unsold'))
      .map((r) => ({ seatId: r.seat_id, status: r.status as 'sold' | 'held' | 'unsold' }));
    if (changed.length) await eventChanged(eventId, tx);
    return { ok: true as const, changed: changed.length, refused };
  });
  if (result.changed) availabilityChanged(eventId);
  // Seats the organiser releases go to the event's waiting list first.
  if (result.changed && input.action !== 'block') await offerReturned(eventId);
  return result;
}
