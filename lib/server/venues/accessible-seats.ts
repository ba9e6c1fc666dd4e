import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { AccessibleSeatKind, AccessibleSeatMarkInput, AccessibleSeatMarkResult, VenueAccessibleSeatsAnswer } from '@/lib/schemas/organiser-venues';
import { getDb, rowsOf, tables } from '@/lib/server/db';
import type { VenueOutlineShape } from '@/lib/server/db/schema';
import { availabilityChanged } from '@/lib/server/events/changed';
import { venueAccess, type AccessFailure } from '@/lib/server/organiser/access';
import { venueEventIds } from './layout';
import { RETIRED_SECTION_CODE } from './retired-section';
import { groupSeats, type SeatRow } from './seat-rows';

// The organiser marks a venue's seats as wheelchair places or companion seats (accessible_seats), or
// clears the mark. The mark belongs to the venue seat, so it holds for every event at the venue.
//
// What a mark does, and what it does not (the rule, here and nowhere else in TypeScript): it changes no
// event's inventory. From the moment it is set, every NEW hold of a general cart refuses the seat
// (cart_hold → seats_held_back, functions.sql) and the fan's map and the Wheelchair places list show it;
// only a ZŤP / ZŤP-S hold takes a wheelchair place (lib/server/concessions). A seat already sold, or in a
// fan's live cart, stays theirs: a sold ticket stays valid (and may be resold: resale_listings go by the
// ticket, not cart_hold's seat check) and a live cart may still be paid. The answer
// counts such seats (`taken`) so the console can say so. Clearing the mark makes the seat an ordinary one
// again at once.

export type AccessibleMarkFailure = AccessFailure | { ok: false; code: 'SEATS_NOT_IN_VENUE' };

/** GET …/venues/{venueId}/accessible-seats: the venue's seats (by section and row) with their mark. */
export async function venueAccessibleSeats(userId: string, venueId: string): Promise<{ ok: true; seats: VenueAccessibleSeatsAnswer } | AccessFailure> {
  const access = await venueAccess(userId, venueId, 'events');
  if (!access.ok) return access;
  const db = getDb();
  const [venue] = await db
    .select({ width: tables.venues.mapWidth, height: tables.venues.mapHeight, outline: tables.venues.outline })
    .from(tables.venues)
    .where(eq(tables.venues.id, venueId));
  const seats = rowsOf<SeatRow & { id: string; label: string; x: number; y: number; kind: AccessibleSeatKind | null }>(
    await db.execute(sql`
      select s.id as section_id, s.code, s.name, s.label_x, s.label_y, r.label as row, vs.id, vs.label, vs.x, vs.y, a.kind
      from venue_seats vs
      join venue_sections s on s.id = vs.section_id and s.code <> ${RETIRED_SECTION_CODE}
      join venue_rows r on r.id = vs.row_id
      left join accessible_seats a on a.seat_id = vs.id
      where vs.venue_id = ${venueId}
      order by s.sort_order, s.code, r.sort_order, vs.sort_order`),
  );
  const counts = { wheelchair: 0, companion: 0 };
  for (const seat of seats) if (seat.kind) counts[seat.kind]++;
  return {
    ok: true,
    seats: {
      venueId,
      width: venue.width ?? 1000,
      height: venue.height ?? 700,
      outline: (venue.outline ?? []) as VenueOutlineShape[] as VenueAccessibleSeatsAnswer['outline'],
      counts,
      sections: groupSeats(seats, (seat) => ({ id: seat.id, label: seat.label, x: Number(seat.x), y: Number(seat.y), accessible: seat.kind ?? null })),
    },
  };
}

/**
 * PUT …/venues/{venueId}/accessible-seats: marks the seats as `kind`, or clears their mark (null). Every
 * seat must be one of this venue's (not a removed one): otherwise nothing changes (SEATS_NOT_IN_VENUE).
 */
export async function markAccessibleSeats(userId: string, venueId: string, input: AccessibleSeatMarkInput): Promise<AccessibleSeatMarkResult | AccessibleMarkFailure> {
  const access = await venueAccess(userId, venueId, 'events');
  if (!access.ok) return access;
  const ids = [...new Set(input.seatIds.map((id) => id.toLowerCase()))];
  const array = `{${ids.join(',')}}`;
  const result = await getDb().transaction(async (tx) => {
    const [own] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        select count(*)::int as n from venue_seats vs
        join venue_sections s on s.id = vs.section_id and s.code <> ${RETIRED_SECTION_CODE}
        where vs.venue_id = ${venueId} and vs.id = any(${array}::uuid[])`),
    );
    if (Number(own.n) !== ids.length) return { ok: false as const, code: 'SEATS_NOT_IN_VENUE' as const };
    const changed =
      input.kind === null
        ? rowsOf<{ seat_id: string }>(await tx.execute(sql`delete from accessible_seats where seat_id = any(${array}::uuid[]) returning seat_id`))
        : rowsOf<{ seat_id: string }>(
            await tx.execute(sql`
              insert into accessible_seats (seat_id, kind) select id, ${input.kind}::accessible_seat_kind from unnest(${array}::uuid[]) as t(id)
              on conflict (seat_id) do update set kind = excluded.kind where accessible_seats.kind <> excluded.kind
              returning seat_id`),
          );
    const events = await venueEventIds(tx, venueId);
    const [taken] = events.length
      ? rowsOf<{ n: number }>(
          await tx.execute(sql`
            select count(distinct u.seat_id)::int as n from inventory_units u
            where u.event_id = any(${`{${events.join(',')}}`}::uuid[]) and u.seat_id = any(${array}::uuid[])
              and (u.status = 'sold' or unit_is_held(u.status, u.held_until, now()))`),
        )
      : [{ n: 0 }];
    return { ok: true as const, changed: changed.length, taken: Number(taken.n), events };
  });
  if (!result.ok) return result;
  // The fan's map counts a marked seat as taken (availability's takenSeatIds).
  if (result.changed) for (const eventId of result.events) availabilityChanged(eventId);
  return { ok: true, changed: result.changed, taken: result.taken };
}
