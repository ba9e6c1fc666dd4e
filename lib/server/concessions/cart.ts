import 'server-only';
import { sql } from 'drizzle-orm';
import { DISABILITY_KINDS, type CartConcessions, type ConcessionKind, type TicketConcession } from '@/lib/schemas/concessions';
import { getDb, rowsOf, type Db, type Tx } from '@/lib/server/db';
import { findSaleEvent } from '@/lib/server/cart/event';
import { lockOpenHold } from '@/lib/server/cart/open-hold';
import { availabilityChanged } from '@/lib/server/events/changed';
import { offeredConcessions } from './prices';

// The concession a fan picks per line of the cart: the line's price becomes the concession's (the cart's
// totals follow, they add up the lines), the choice goes onto the ticket when it is issued (./issue.ts)
// and the gate asks for the card. A ZŤP-S concession with the companion rule brings a free companion
// line: the seat next to the holder's (a companion seat by a wheelchair place first), or one more
// place of a standing category. A wheelchair place keeps a ZŤP or ZŤP-S concession (./accessible.ts).

type LineRow = {
  id: string;
  unit_id: string | null;
  listing_id: string | null;
  ticket_type_id: string;
  seat_id: string | null;
  full_price: number;
  concession: TicketConcession | null;
  companion_of: string | null;
  access: 'wheelchair' | 'companion' | null;
  package_line_id: string | null;
};

async function linesOf(db: Db | Tx, holdId: string): Promise<LineRow[]> {
  return rowsOf<LineRow>(
    await db.execute(sql`
      select i.id, i.unit_id, i.listing_id, i.ticket_type_id, i.seat_id, tt.price_amount as full_price,
             coalesce(hc.kind, lt.concession) as concession, hc.companion_of, a.kind as access, hi.package_line_id
      from cart_live_items(${holdId}::uuid) i
      join hold_items hi on hi.id = i.id
      join ticket_types tt on tt.id = i.ticket_type_id
      left join hold_item_concessions hc on hc.hold_item_id = i.id
      left join resale_listings l on l.id = i.listing_id
      left join tickets lt on lt.id = l.ticket_id
      left join accessible_seats a on a.seat_id = i.seat_id
      order by i.line_order`),
  ).map((row) => ({ ...row, full_price: Number(row.full_price) }));
}

async function openHoldId(db: Db | Tx, userId: string, eventId: string, now: Date): Promise<string | null> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from holds where user_id = ${userId}::uuid and event_id = ${eventId}::uuid and season_id is null
      and status in ('active', 'ordered') and hold_is_live(status, expires_at, ${now.toISOString()}::timestamptz) limit 1`),
  );
  return row?.id ?? null;
}

async function view(db: Db | Tx, holdId: string | null, currency: 'EUR' | 'CZK'): Promise<CartConcessions['lines']> {
  if (!holdId) return [];
  const lines = await linesOf(db, holdId);
  const offered = await offeredConcessions(db, [...new Set(lines.map((l) => l.ticket_type_id))]);
  return lines.map((line) => {
    const wheelchair = line.access === 'wheelchair';
    // A resale ticket keeps its seller's concession (shown, not changed); a package's price is final.
    const options =
      line.listing_id || line.package_line_id || line.concession === 'companion'
        ? []
        : (offered.get(line.ticket_type_id) ?? []).filter((o) => !wheelchair || (DISABILITY_KINDS as readonly string[]).includes(o.kind));
    return {
      itemId: line.id,
      concession: line.concession,
      companionOf: line.companion_of,
      wheelchair,
      fullPrice: { amount: line.full_price, currency },
      options: options.map((o) => ({ kind: o.kind, price: { amount: o.priceAmount, currency }, companion: o.companion })),
    };
  });
}

export type CartConcessionsResult = { ok: true; lines: CartConcessions['lines'] } | { ok: false; code: 'EVENT_NOT_FOUND' };

/** GET …/cart/concessions: each line of the fan's cart, its concession and what it may be switched to. */
export async function getCartConcessions(input: { user: { id: string }; eventRef: string; now?: Date }): Promise<CartConcessionsResult> {
  const event = await findSaleEvent(input.eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  const db = getDb();
  return { ok: true, lines: await view(db, await openHoldId(db, input.user.id, event.id, input.now ?? new Date()), event.currency) };
}

export type ConcessionRefusal =
  | 'ITEM_NOT_FOUND'
  /** The line's category does not offer it, or the line is a resale ticket or a companion. */
  | 'CONCESSION_NOT_OFFERED'
  /** A wheelchair place keeps a ZŤP or ZŤP-S concession. */
  | 'WHEELCHAIR_NEEDS_CARD'
  /** ZŤP-S with a companion, but the seats next to the holder's are taken. */
  | 'NO_COMPANION_SEAT'
  /** A package line: the package's price is final, its tickets take no concession. */
  | 'PACKAGE_PRICE_FIXED';

/**
 * Gives line `itemId` of the locked open hold `holdId` the concession `kind` (null: full price), with
 * its companion line when the rule says so. Runs in the caller's transaction; a refusal leaves what it
 * changed for the caller to roll back.
 */
export async function applyConcession(tx: Tx, hold: { id: string; expiresAt: Date }, itemId: string, kind: ConcessionKind | null, now: Date): Promise<ConcessionRefusal | null> {
  const lines = await linesOf(tx, hold.id);
  const line = lines.find((l) => l.id === itemId.toLowerCase());
  if (!line) return 'ITEM_NOT_FOUND';
  if (line.package_line_id) return 'PACKAGE_PRICE_FIXED';
  if (line.concession === kind) return null;
  if (line.listing_id || line.concession === 'companion') return 'CONCESSION_NOT_OFFERED';
  if (line.access === 'wheelchair' && !(kind && (DISABILITY_KINDS as readonly string[]).includes(kind))) return 'WHEELCHAIR_NEEDS_CARD';
  const option = kind ? (await offeredConcessions(tx, [line.ticket_type_id])).get(line.ticket_type_id)?.find((o) => o.kind === kind) : null;
  if (kind && !option) return 'CONCESSION_NOT_OFFERED';

  // The line's companion, if it had one, goes (with its seat: the trigger concession_companion_gone).
  await tx.execute(sql`delete from hold_item_concessions where companion_of = ${line.id}::uuid`);
  if (!kind || !option) {
    await tx.execute(sql`delete from hold_item_concessions where hold_item_id = ${line.id}::uuid`);
    await tx.execute(sql`update hold_items set price_amount = ${line.full_price} where id = ${line.id}::uuid`);
    return null;
  }
  await tx.execute(sql`insert into hold_item_concessions (hold_item_id, kind) values (${line.id}::uuid, ${kind})
    on conflict (hold_item_id) do update set kind = excluded.kind, companion_of = null`);
  await tx.execute(sql`update hold_items set price_amount = ${option.priceAmount} where id = ${line.id}::uuid`);
  if (option.companion) {
    const companion = await claimCompanion(tx, hold, line, now);
    if (!companion) return 'NO_COMPANION_SEAT';
    const [item] = rowsOf<{ id: string }>(
      await tx.execute(sql`insert into hold_items (hold_id, unit_id, ticket_type_id, price_amount, fee_amount, created_at)
        values (${hold.id}::uuid, ${companion.unit_id}::uuid, ${companion.ticket_type_id}::uuid, 0, 0, ${now.toISOString()}::timestamptz) returning id`),
    );
    await tx.execute(sql`insert into hold_item_concessions (hold_item_id, kind, companion_of) values (${item.id}::uuid, 'companion', ${line.id}::uuid)`);
  }
  return null;
}

/**
 * Claims the companion's unit for the hold, atomically (a conditional update of a free unit, as every
 * hold): by a seat, the next seat of its row on either side — a companion seat first, never a wheelchair
 * place; by a standing place, one more place of its category.
 */
async function claimCompanion(tx: Tx, hold: { id: string; expiresAt: Date }, line: LineRow, now: Date) {
  const at = now.toISOString();
  const until = hold.expiresAt.toISOString();
  const candidates = line.seat_id
    ? sql`
        with mine as (select vs.row_id, vs.sort_order from venue_seats vs where vs.id = ${line.seat_id}::uuid),
        ranked as (
          select vs.id, row_number() over (order by vs.sort_order, vs.label) as n
          from venue_seats vs where vs.row_id = (select row_id from mine)
        ),
        next_to as (
          select r.id from ranked r, ranked me
          where me.id = ${line.seat_id}::uuid and abs(r.n - me.n) = 1
        )
        select u.id from inventory_units u
        join next_to on next_to.id = u.seat_id
        left join accessible_seats a on a.seat_id = u.seat_id
        where u.event_id = (select event_id from holds where id = ${hold.id}::uuid)
          and unit_is_free(u.status, u.held_until, ${at}::timestamptz) and a.kind is distinct from 'wheelchair'
        order by (a.kind = 'companion') desc nulls last
        for update of u skip locked`
    : sql`
        select u.id from inventory_units u
        where u.ticket_type_id = ${line.ticket_type_id}::uuid and u.seat_id is null and unit_is_free(u.status, u.held_until, ${at}::timestamptz)
        order by u.spread for update skip locked`;
  const [row] = rowsOf<{ unit_id: string; ticket_type_id: string }>(
    await tx.execute(sql`
      with picked as (${candidates} limit 1)
      update inventory_units u set status = 'held', hold_id = ${hold.id}::uuid, held_until = ${until}::timestamptz
      from picked where u.id = picked.id and unit_is_free(u.status, u.held_until, ${at}::timestamptz)
      returning u.id as unit_id, u.ticket_type_id`),
  );
  return row ?? null;
}

export type SetCartConcessionResult = { ok: true; lines: CartConcessions['lines'] } | { ok: false; code: 'EVENT_NOT_FOUND' | 'CART_EMPTY' | ConcessionRefusal };

class Refused extends Error {
  constructor(readonly code: ConcessionRefusal) {
    super(code);
  }
}

/** PUT …/cart/concessions: one line's concession, all or nothing. A cart at checkout becomes a cart again. */
export async function setCartConcession(input: { user: { id: string }; eventRef: string; itemId: string; concession: ConcessionKind | null; now?: Date }): Promise<SetCartConcessionResult> {
  const event = await findSaleEvent(input.eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  const now = input.now ?? new Date();
  try {
    const lines = await getDb().transaction(async (tx) => {
      const hold = await lockOpenHold(tx, input.user.id, event, now, false);
      if (!hold) return null;
      const refused = await applyConcession(tx, hold, input.itemId, input.concession, now);
      if (refused) throw new Refused(refused);
      return view(tx, hold.id, event.currency);
    });
    if (!lines) return { ok: false, code: 'CART_EMPTY' };
    availabilityChanged(event.id);
    return { ok: true, lines };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, code: error.code };
    throw error;
  }
}

export { view as concessionLines, openHoldId, Refused };
