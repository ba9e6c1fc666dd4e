import 'server-only';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { getDb, rowsOf, tables, type Db, type Tx } from '@/lib/server/db';
import type { Locale } from '@/lib/i18n/routing';
import { findUsableCoupon } from '@/lib/server/coupons/validate';
import { hitRateLimit } from '@/lib/server/rate-limit';
import { availabilityChanged } from '@/lib/server/events/queries';
import { claimListing, claimPlaces } from '@/lib/server/inventory/claim';
import { findSaleEvent, reservationMinutes, type SaleEvent } from './event';
import { liveHoldItems, type HoldItemRow } from './items';
import { holdSeats, releaseItem, type SeatHoldOutcome } from './seat-hold';
import { endHold, reopenHold } from './lifecycle';
import { cartTotals, type Money } from './totals';

const h = tables.holds;
const hi = tables.holdItems;
const u = tables.inventoryUnits;

export type CartSelection = { seatIds: string[] } | { ticketTypeId: string; quantity: number } | { listingId: string };
export type Actor = { id: string };

export type CartItemView = {
  id: string;
  kind: 'seat' | 'place' | 'resale';
  ticketType: { id: string; code: string; name: string };
  seat: { section: string; row: string; seat: string } | null;
  listingId: string | null;
  price: Money;
  fee: Money;
};

export type CartView = {
  eventId: string;
  eventSlug: string;
  holdId: string | null;
  /** 'ordered' while a payment is under way; the cart is still the fan's until its time runs out. */
  status: 'active' | 'ordered' | null;
  orderId: string | null;
  items: CartItemView[];
  expiresAt: string | null;
  /** Seconds left to check out and pay. */
  timeLeft: number;
  /** The last cart of this event ran out of time (within the last hour) and nothing is held now. */
  expired: boolean;
  couponCode: string | null;
  count: number;
  currency: 'EUR' | 'CZK';
  subtotal: Money;
  discount: Money;
  fees: Money;
  total: Money;
};

export type TakenSeat = { id: string; label: string };
export type CartFailure =
  | { ok: false; code: 'EVENT_NOT_FOUND' | 'NOT_ON_SALE' | 'TICKET_TYPE_NOT_FOUND' | 'SOLD_OUT' | 'ITEM_NOT_FOUND' | 'CART_EMPTY' | 'INVALID_DISCOUNT_CODE' }
  | { ok: false; code: 'SEAT_TAKEN'; taken: TakenSeat[] }
  | { ok: false; code: 'LIMIT_PER_ORDER' | 'LIMIT_PER_USER'; limit: number }
  | { ok: false; code: 'RATE_LIMITED'; retryAfterSeconds: number };

/** Discount-code tries per fan per window, as for redeem codes: guessing codes is hopeless at this rate. */
export const COUPON_LIMIT = 5;
export const COUPON_WINDOW_SECONDS = 60;

class Abort extends Error {
  constructor(readonly failure: CartFailure) {
    super(failure.code);
  }
}

type LockedHoldRow = {
  id: string;
  status: 'active' | 'ordered';
  expires_at: string | Date;
  coupon_id: string | null;
  created_at: string | Date;
  in_cart: number;
};

/**
 * The fan's open hold for the event, locked for this transaction, with the number of tickets in it;
 * created when there is none. A hold whose time ran out is ended first (its tickets go back on sale);
 * a hold at checkout becomes a cart again.
 */
async function lockOpenHold(tx: Tx, userId: string, event: SaleEvent, now: Date, create: boolean) {
  for (let attempt = 0; attempt < 3; attempt++) {
    // Hand-written: this runs in every cart change's transaction, where a query cannot be prepared once.
    const [row] = rowsOf<LockedHoldRow>(
      await tx.execute(sql`
        select id, status, expires_at, coupon_id, created_at, (select count(*)::int from hold_items where hold_items.hold_id = holds.id) as in_cart
        from holds where user_id = ${userId} and event_id = ${event.id} and status in ('active', 'ordered')
        for update`),
    );
    const hold = row && {
      id: row.id,
      status: row.status,
      expiresAt: new Date(row.expires_at),
      couponId: row.coupon_id,
      createdAt: new Date(row.created_at),
    };
    if (hold && hold.expiresAt <= now) {
      await endHold(tx, hold.id, 'expired', now);
      continue;
    }
    if (hold) {
      if (hold.status === 'ordered') await reopenHold(tx, hold.id, now);
      return { ...hold, status: 'active' as const, inCart: Number(row.in_cart) };
    }
    if (!create) return null;
    const expiresAt = new Date(now.getTime() + reservationMinutes(event) * 60_000);
    const [created] = await tx.insert(h).values({ userId, eventId: event.id, expiresAt, createdAt: now, updatedAt: now }).onConflictDoNothing().returning();
    if (created) return { id: created.id, status: 'active' as const, expiresAt: created.expiresAt, couponId: created.couponId, createdAt: created.createdAt, inCart: 0 };
    // A parallel request of the same fan created it a moment ago: lock that one.
  }
  throw new Error('could not open a hold');
}

/** Tickets the fan already owns for the event, and the event's prices: one round trip. */
async function ownedAndPrices(tx: Tx, userId: string, eventId: string) {
  const [row] = rowsOf<{ owned: number; prices: Record<string, number> | string | null }>(
    await tx.execute(sql`select
      (select count(*)::int from tickets where owner_id = ${userId} and event_id = ${eventId} and status <> 'void') as owned,
      (select json_object_agg(id, price_amount) from ticket_types where event_id = ${eventId}) as prices`),
  );
  const prices = typeof row.prices === 'string' ? (JSON.parse(row.prices) as Record<string, number>) : (row.prices ?? {});
  return { owned: Number(row.owned), prices: new Map(Object.entries(prices).map(([id, price]) => [id, Number(price)])) };
}

/**
 * Holds a selection in the fan's cart for the event, all or nothing: seats by id, any N places of a
 * standing category, or a resale listing. Per-order and per-fan limits count what is in the cart and
 * the tickets the fan already owns.
 */
export async function addToCart(input: { user: Actor; eventRef: string; selection: CartSelection; locale: Locale; now?: Date }): Promise<{ ok: true; cart: CartView } | CartFailure> {
  const now = input.now ?? new Date();
  const event = await findSaleEvent(input.eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  if (event.status !== 'on_sale' || event.startsAt <= now) return { ok: false, code: 'NOT_ON_SALE' };
  const selection = input.selection;
  const result = 'seatIds' in selection ? await addSeats(event, input.user.id, selection.seatIds, now) : await addPlacesOrListing(event, input.user.id, selection, now);
  if (!result.ok) {
    if (result.code === 'SEAT_TAKEN' && 'seatIds' in selection) {
      return { ok: false, code: 'SEAT_TAKEN', taken: await seatLabels(event.id, result.taken.map((t) => t.id), input.locale) };
    }
    return result;
  }
  availabilityChanged(event.id);
  return { ok: true, cart: await readCart(event, input.user.id, input.locale, now, result.known) };
}

type Changed = { ok: true; known?: KnownHold } | CartFailure;

/** What a seat hold or a line's release answered, as the cart's answer or its failure. */
function fromSeatHold(result: SeatHoldOutcome, event: SaleEvent): Changed | null {
  switch (result.outcome) {
    case 'held':
    case 'released':
      return { ok: true, known: { ...result.hold, status: 'active', items: result.items } };
    case 'taken':
      return { ok: false, code: 'SEAT_TAKEN', taken: result.taken.map((id) => ({ id, label: id })) };
    case 'limit_per_order':
      return { ok: false, code: 'LIMIT_PER_ORDER', limit: event.maxTicketsPerOrder };
    case 'limit_per_user':
      return { ok: false, code: 'LIMIT_PER_USER', limit: event.maxTicketsPerUser };
    case 'not_found':
      return { ok: false, code: 'ITEM_NOT_FOUND' };
    case 'settle':
      return null;
  }
}

/**
 * A cart change of one round trip (cart/seat-hold.ts). When the fan's open cart ran out of time or is
 * at checkout ('settle'), it is settled (lockOpenHold) and the change runs again in the same
 * transaction, so that a change that fails leaves the cart, and its checkout, as they were.
 */
async function seatChange(event: SaleEvent, userId: string, now: Date, change: (db: Db | Tx) => Promise<SeatHoldOutcome>, opens: boolean): Promise<Changed> {
  const fast = fromSeatHold(await change(getDb()), event);
  if (fast) return fast;
  try {
    return await getDb().transaction(async (tx) => {
      if (!(await lockOpenHold(tx, userId, event, now, opens))) throw new Abort({ ok: false, code: 'ITEM_NOT_FOUND' });
      const settled = fromSeatHold(await change(tx), event);
      if (!settled) throw new Error('a settled cart is still to settle');
      if (!settled.ok) throw new Abort(settled);
      return settled;
    });
  } catch (error) {
    if (error instanceof Abort) return error.failure;
    throw error;
  }
}

/** Named seats, all or nothing; opens a cart when the fan has none. */
function addSeats(event: SaleEvent, userId: string, seatIds: string[], now: Date): Promise<Changed> {
  const input = {
    userId,
    eventId: event.id,
    ids: seatIds,
    now,
    minutes: reservationMinutes(event),
    maxPerOrder: event.maxTicketsPerOrder,
    maxPerUser: event.maxTicketsPerUser,
    feeAmount: event.serviceFeeAmount,
  };
  return seatChange(event, userId, now, (db) => holdSeats(db, input), true);
}

/** Any N standing places of a category, or a resale offer, in a transaction of its own. */
async function addPlacesOrListing(
  event: SaleEvent,
  userId: string,
  selection: { ticketTypeId: string; quantity: number } | { listingId: string },
  now: Date,
): Promise<Changed> {
  let known: KnownHold | undefined;
  try {
    await getDb().transaction(async (tx) => {
      // Sent together: postgres.js pipelines the two statements on the transaction's connection.
      const [opened, { owned, prices }] = await Promise.all([lockOpenHold(tx, userId, event, now, true), ownedAndPrices(tx, userId, event.id)]);
      const { inCart, ...hold } = opened!;
      known = { id: hold.id, status: 'active', expiresAt: hold.expiresAt, couponId: hold.couponId };
      const requested = 'quantity' in selection ? selection.quantity : 1;
      // The same limits as cart_hold_seats checks for seats.
      if (inCart + requested > event.maxTicketsPerOrder) throw new Abort({ ok: false, code: 'LIMIT_PER_ORDER', limit: event.maxTicketsPerOrder });
      if (owned + inCart + requested > event.maxTicketsPerUser) throw new Abort({ ok: false, code: 'LIMIT_PER_USER', limit: event.maxTicketsPerUser });
      let until = hold.expiresAt;
      // An emptied cart starts a fresh reservation time with its next ticket.
      if (inCart === 0 && hold.createdAt < now) {
        until = new Date(now.getTime() + reservationMinutes(event) * 60_000);
        known = { ...known!, expiresAt: until };
        await tx.execute(sql`update holds set expires_at = ${until.toISOString()}, updated_at = ${now.toISOString()} where id = ${hold.id}`);
      }
      if ('listingId' in selection) {
        const listing = await claimListing(tx, { eventId: event.id, listingId: selection.listingId, buyerId: userId, holdId: hold.id, until, now });
        if (!listing) {
          const [already] = await tx.select({ id: hi.id }).from(hi).where(and(eq(hi.holdId, hold.id), eq(hi.listingId, selection.listingId)));
          if (already) return;
          throw new Abort({ ok: false, code: 'SEAT_TAKEN', taken: [{ id: selection.listingId, label: selection.listingId }] });
        }
        const [ticket] = await tx.select({ ticketTypeId: tables.tickets.ticketTypeId }).from(tables.tickets).where(eq(tables.tickets.id, listing.ticketId));
        await tx.insert(hi).values({
          holdId: hold.id,
          listingId: listing.id,
          ticketTypeId: ticket.ticketTypeId,
          priceAmount: listing.priceAmount,
          feeAmount: Math.round((listing.priceAmount * event.resaleBuyerFeeBps) / 10_000),
          createdAt: now,
        });
        return;
      }
      const [type] = await tx
        .select({ id: tables.ticketTypes.id, kind: tables.ticketTypes.kind })
        .from(tables.ticketTypes)
        .where(and(eq(tables.ticketTypes.id, selection.ticketTypeId), eq(tables.ticketTypes.eventId, event.id)));
      if (!type || type.kind !== 'standing') throw new Abort({ ok: false, code: 'TICKET_TYPE_NOT_FOUND' });
      const places = await claimPlaces(tx, { ticketTypeId: type.id, quantity: selection.quantity, holdId: hold.id, until, now });
      if (!places) throw new Abort({ ok: false, code: 'SOLD_OUT' });
      await tx.insert(hi).values(
        places.map((unit) => ({
          holdId: hold.id,
          unitId: unit.id,
          ticketTypeId: unit.ticketTypeId,
          priceAmount: prices.get(unit.ticketTypeId)!,
          feeAmount: event.serviceFeeAmount,
          createdAt: now,
        })),
      );
    });
  } catch (error) {
    if (error instanceof Abort) return error.failure;
    throw error;
  }
  return { ok: true, known };
}

/** "Section A, row 3, seat 12" for each taken seat (ids may be seat or unit ids). */
async function seatLabels(eventId: string, ids: string[], locale: Locale): Promise<TakenSeat[]> {
  if (!ids.length) return [];
  const rows = await getDb()
    .select({ unitId: u.id, seatId: u.seatId, section: tables.venueSections.name, row: tables.venueRows.label, seat: tables.venueSeats.label })
    .from(u)
    .innerJoin(tables.venueSeats, eq(tables.venueSeats.id, u.seatId))
    .innerJoin(tables.venueRows, eq(tables.venueRows.id, tables.venueSeats.rowId))
    .innerJoin(tables.venueSections, eq(tables.venueSections.id, tables.venueSeats.sectionId))
    .where(and(eq(u.eventId, eventId), or(inArray(u.seatId, ids), inArray(u.id, ids))));
  return ids.map((id) => {
    const row = rows.find((r) => r.seatId === id || r.unitId === id);
    return { id, label: row ? seatLabel(locale, row.section[locale], row.row, row.seat) : id };
  });
}

const SEAT_WORDS: Record<Locale, [string, string]> = { sk: ['rad', 'miesto'], cs: ['řada', 'místo'], en: ['row', 'seat'] };
export function seatLabel(locale: Locale, section: string, row: string, seat: string): string {
  const [rowWord, seatWord] = SEAT_WORDS[locale];
  return `${section}, ${rowWord} ${row}, ${seatWord} ${seat}`;
}

/** Removes one ticket from the cart and gives it back to sale at once. */
export async function removeFromCart(input: { user: Actor; eventRef: string; itemId: string; locale: Locale; now?: Date }): Promise<{ ok: true; cart: CartView } | CartFailure> {
  const now = input.now ?? new Date();
  const event = await findSaleEvent(input.eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  const release = { userId: input.user.id, eventId: event.id, itemId: input.itemId, now };
  const result = await seatChange(event, input.user.id, now, (db) => releaseItem(db, release), false);
  if (!result.ok) return result;
  availabilityChanged(event.id);
  return { ok: true, cart: await readCart(event, input.user.id, input.locale, now, result.known) };
}

/** Applies a discount code to the cart after checking every rule; the use is counted at checkout. */
export async function applyCoupon(input: { user: Actor; eventRef: string; code: string; locale: Locale; now?: Date }): Promise<{ ok: true; cart: CartView } | CartFailure> {
  const now = input.now ?? new Date();
  const attempt = await hitRateLimit(`coupon:${input.user.id}`, { limit: COUPON_LIMIT, windowSeconds: COUPON_WINDOW_SECONDS }, now);
  if (!attempt.allowed) return { ok: false, code: 'RATE_LIMITED', retryAfterSeconds: attempt.retryAfterSeconds };
  const event = await findSaleEvent(input.eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  try {
    await getDb().transaction(async (tx) => {
      const hold = await lockOpenHold(tx, input.user.id, event, now, false);
      if (!hold) throw new Abort({ ok: false, code: 'INVALID_DISCOUNT_CODE' });
      const items = await liveHoldItems(tx, hold.id);
      const coupon = await findUsableCoupon(tx, { code: input.code, event, userId: input.user.id, holdId: hold.id, items, now });
      if (!coupon) throw new Abort({ ok: false, code: 'INVALID_DISCOUNT_CODE' });
      await tx.update(h).set({ couponId: coupon.id, updatedAt: now }).where(eq(h.id, hold.id));
    });
  } catch (error) {
    if (error instanceof Abort) return error.failure;
    throw error;
  }
  return { ok: true, cart: await readCart(event, input.user.id, input.locale, now) };
}

export async function removeCoupon(input: { user: Actor; eventRef: string; locale: Locale; now?: Date }): Promise<{ ok: true; cart: CartView } | CartFailure> {
  const now = input.now ?? new Date();
  const event = await findSaleEvent(input.eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  await getDb().transaction(async (tx) => {
    const hold = await lockOpenHold(tx, input.user.id, event, now, false);
    if (hold) await tx.update(h).set({ couponId: null, updatedAt: now }).where(eq(h.id, hold.id));
  });
  return { ok: true, cart: await readCart(event, input.user.id, input.locale, now) };
}

export async function getCart(input: { user: Actor; eventRef: string; locale: Locale; now?: Date }): Promise<{ ok: true; cart: CartView } | CartFailure> {
  const event = await findSaleEvent(input.eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  return { ok: true, cart: await readCart(event, input.user.id, input.locale, input.now ?? new Date()) };
}

const EXPIRED_NOTICE_MS = 60 * 60_000;

/** The cart as the fan sees it now. A hold past its time is shown empty (and flagged) even before the sweeper ends it. */
type KnownHold = {
  id: string;
  status: 'active' | 'ordered' | 'completed' | 'expired' | 'released';
  expiresAt: Date;
  couponId: string | null;
  /** The hold's items when the caller already read them (in its own transaction). */
  items?: HoldItemRow[];
};

export async function readCart(event: SaleEvent, userId: string, locale: Locale, now: Date, known?: KnownHold): Promise<CartView> {
  const db = getDb();
  const [latest] = known ? [known] : await db
    .select({ id: h.id, status: h.status, expiresAt: h.expiresAt, couponId: h.couponId })
    .from(h)
    .where(and(eq(h.userId, userId), eq(h.eventId, event.id)))
    .orderBy(desc(h.createdAt))
    .limit(1);
  const live = latest && (latest.status === 'active' || latest.status === 'ordered') && latest.expiresAt > now ? latest : null;
  const empty = { amount: 0, currency: event.currency };
  if (!live) {
    let expired = false;
    if (latest && latest.expiresAt <= now && latest.expiresAt.getTime() > now.getTime() - EXPIRED_NOTICE_MS) {
      expired = latest.status === 'expired' || latest.status === 'active' || latest.status === 'ordered';
      if (expired) {
        const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(hi).where(eq(hi.holdId, latest.id));
        expired = n > 0;
      }
    }
    return {
      eventId: event.id, eventSlug: event.slug, holdId: null, status: null, orderId: null, items: [], expiresAt: null, timeLeft: 0, expired,
      couponCode: null, count: 0, currency: event.currency, subtotal: empty, discount: empty, fees: empty, total: empty,
    };
  }
  const items = known?.items ?? (await liveHoldItems(db, live.id));
  const [coupon] = live.couponId ? await db.select().from(tables.coupons).where(eq(tables.coupons.id, live.couponId)) : [];
  const totals = cartTotals(items, coupon ?? null);
  const [order] =
    live.status === 'ordered'
      ? await db.select({ id: tables.orders.id }).from(tables.orders).where(eq(tables.orders.holdId, live.id))
      : [];
  const money = (amount: number): Money => ({ amount, currency: event.currency });
  return {
    eventId: event.id,
    eventSlug: event.slug,
    holdId: live.id,
    status: live.status as 'active' | 'ordered',
    orderId: order?.id ?? null,
    items: items.map((item) => itemView(item, locale, event.currency)),
    expiresAt: live.expiresAt.toISOString(),
    // Rounded up: a countdown started from this never reaches zero before the hold really ends.
    timeLeft: Math.max(0, Math.ceil((live.expiresAt.getTime() - now.getTime()) / 1000)),
    expired: false,
    couponCode: coupon?.code ?? null,
    count: items.length,
    currency: event.currency,
    subtotal: money(totals.subtotal),
    discount: money(totals.discount),
    fees: money(totals.fees),
    total: money(totals.total),
  };
}

function itemView(item: HoldItemRow, locale: Locale, currency: 'EUR' | 'CZK'): CartItemView {
  return {
    id: item.id,
    kind: item.kind,
    ticketType: { id: item.ticketTypeId, code: item.ticketTypeCode, name: item.ticketTypeName[locale] },
    seat: item.seat ? { section: item.seat.section[locale], row: item.seat.row, seat: item.seat.seat } : null,
    listingId: item.listingId,
    price: { amount: item.priceAmount, currency },
    fee: { amount: item.feeAmount, currency },
  };
}
