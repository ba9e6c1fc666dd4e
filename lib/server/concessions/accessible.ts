import 'server-only';
import { sql } from 'drizzle-orm';
import type { AccessibleSeats, CartConcessions } from '@/lib/schemas/concessions';
import type { Locale } from '@/lib/i18n/routing';
import { getDb, rowsOf, type Db, type Tx } from '@/lib/server/db';
import type { LocalizedText } from '@/lib/server/db/schema';
import { findSaleEvent, reservationMinutes } from '@/lib/server/cart/event';
import { cartChange } from '@/lib/server/cart/change';
import { holdSelection, type HoldOutcome } from '@/lib/server/cart/hold';
import type { CartFailure } from '@/lib/server/cart/types';
import { salePhase } from '@/lib/server/events/rules';
import { fromJsonb } from '@/lib/server/cart/items';
import { applyConcession, concessionLines, openHoldId, Refused, type ConcessionRefusal } from './cart';

// Wheelchair places and their companion seats (accessible_seats) are held back for those who need them:
// a general cart cannot hold one (cart_hold answers 'accessible': ACCESSIBLE_SEAT, functions.sql
// seats_held_back). A wheelchair place is held here, with a ZŤP or ZŤP-S concession on its line from the
// start; a companion seat goes only as a ZŤP-S ticket's free companion (./cart.ts).

/** GET /api/v1/events/{id}/accessible-seats: the event's wheelchair places and companion seats, and whether each is free. */
export async function eventAccessibleSeats(input: { eventRef: string; locale: Locale; now?: Date }): Promise<{ ok: true; seats: AccessibleSeats['seats'] } | { ok: false; code: 'EVENT_NOT_FOUND' }> {
  const event = await findSaleEvent(input.eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  const at = (input.now ?? new Date()).toISOString();
  const rows = rowsOf<{ seat_id: string; kind: 'wheelchair' | 'companion'; section: LocalizedText | string; row: string; seat: string; free: boolean; ticket_type_id: string | null }>(
    await getDb().execute(sql`
      select a.seat_id, a.kind, sec.name as section, r.label as row, vs.label as seat, u.ticket_type_id,
             coalesce(unit_is_free(u.status, u.held_until, ${at}::timestamptz), false) as free
      from events e
      join venue_seats vs on vs.venue_id = e.venue_id
      join accessible_seats a on a.seat_id = vs.id
      join venue_rows r on r.id = vs.row_id
      join venue_sections sec on sec.id = vs.section_id
      left join inventory_units u on u.event_id = e.id and u.seat_id = vs.id
      where e.id = ${event.id}::uuid
      order by sec.sort_order, r.sort_order, vs.sort_order`),
  );
  return {
    ok: true,
    seats: rows.map((row) => ({
      seatId: row.seat_id,
      kind: row.kind,
      section: fromJsonb<LocalizedText>(row.section)[input.locale],
      row: row.row,
      seat: row.seat,
      free: Boolean(row.free) && row.ticket_type_id !== null,
      ticketTypeId: row.ticket_type_id,
    })),
  };
}

export type AccessibleHoldResult =
  | { ok: true; lines: CartConcessions['lines'] }
  | CartFailure
  | { ok: false; code: ConcessionRefusal | 'NOT_WHEELCHAIR_PLACE' };

async function isWheelchairPlace(db: Db | Tx, eventId: string, seatId: string): Promise<boolean> {
  const [row] = rowsOf<{ ok: boolean }>(
    await db.execute(sql`select exists (select 1 from accessible_seats a join inventory_units u on u.seat_id = a.seat_id
      where a.seat_id = ${seatId}::uuid and a.kind = 'wheelchair' and u.event_id = ${eventId}::uuid) as ok`),
  );
  return Boolean(row?.ok);
}

/**
 * POST /api/v1/events/{id}/cart/accessible: holds a wheelchair place in the fan's cart with a ZŤP or
 * ZŤP-S concession (and, for ZŤP-S with the companion rule, its free companion seat), all or nothing.
 * The same hold as any seat's (cart_hold: limits, the waiting list, the cart's time), told which
 * wheelchair place it may take for this transaction only.
 */
export async function holdAccessibleSeat(input: {
  user: { id: string };
  eventRef: string;
  seatId: string;
  concession: 'ztp' | 'ztp_s';
  now?: Date;
}): Promise<AccessibleHoldResult> {
  const now = input.now ?? new Date();
  const event = await findSaleEvent(input.eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  if (salePhase(event, now) !== 'open') return { ok: false, code: 'NOT_ON_SALE' };
  const seatId = input.seatId.toLowerCase();
  if (!(await isWheelchairPlace(getDb(), event.id, seatId))) return { ok: false, code: 'NOT_WHEELCHAIR_PLACE' };
  const hold = {
    userId: input.user.id,
    eventId: event.id,
    selection: { seatIds: [seatId] },
    now,
    minutes: reservationMinutes(event),
    maxPerOrder: event.maxTicketsPerOrder,
    maxPerUser: event.maxTicketsPerUser,
    feeAmount: event.serviceFeeAmount,
    resaleFeeBps: event.resaleBuyerFeeBps,
  };
  const change = (db: Db | Tx): Promise<HoldOutcome> =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('tribuna.accessible_seat', ${seatId}, true)`);
      const outcome = await holdSelection(tx, hold);
      await tx.execute(sql`select set_config('tribuna.accessible_seat', '', true)`);
      if (outcome.outcome !== 'held') return outcome;
      const item = rowsOf<{ id: string }>(await tx.execute(sql`select i.id from cart_live_items(${outcome.hold.id}::uuid) i where i.seat_id = ${seatId}::uuid`))[0];
      const refused = item ? await applyConcession(tx, outcome.hold, item.id, input.concession, now) : 'ITEM_NOT_FOUND';
      // Thrown: the transaction (the hold with it) rolls back.
      if (refused) throw new Refused(refused);
      return outcome;
    });
  try {
    const result = await cartChange(event, input.user.id, now, change, true);
    if (!result.ok) return result;
  } catch (error) {
    if (error instanceof Refused) return { ok: false, code: error.code };
    throw error;
  }
  const db = getDb();
  return { ok: true, lines: await concessionLines(db, await openHoldId(db, input.user.id, event.id, now), event.currency) };
}
