import 'server-only';
import type { Locale } from '@/lib/i18n/routing';
import { saleRefusal } from '@/lib/server/loyalty/points';
import { salePhase } from '@/lib/server/events/rules';
import { findSaleEvent, reservationMinutes } from './event';
import { cartChange } from './change';
import { holdSelection } from './hold';
import { cartExtrasSql, readCart } from './read';
import { seatLabels } from './seat-labels';
import { isOwnListing } from '@/lib/server/resale/own-listings';
import type { Actor, CartAnswer, CartSelection } from './types';

/**
 * Holds a selection in the fan's cart for the event, all or nothing: seats by id, any N places of a
 * standing category, or a resale listing. The rules (limits, what is free) are the database's
 * (cart/hold.ts).
 */
export async function addToCart(input: {
  user: Actor;
  eventRef: string;
  selection: CartSelection;
  locale: Locale;
  now?: Date;
  /** Admitted by the event's waiting room in its presale window (lib/server/queue): the sale is open for them. */
  presaleAdmitted?: boolean;
}): Promise<CartAnswer> {
  const now = input.now ?? new Date();
  const event = await findSaleEvent(input.eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  const refusal = input.presaleAdmitted && salePhase(event, now) === 'not_yet' ? null : await saleRefusal(event, input.user.id, now);
  if (refusal) return refusal;
  const hold = {
    userId: input.user.id,
    eventId: event.id,
    selection: input.selection,
    now,
    minutes: reservationMinutes(event),
    maxPerOrder: event.maxTicketsPerOrder,
    maxPerUser: event.maxTicketsPerUser,
    feeAmount: event.serviceFeeAmount,
    resaleFeeBps: event.resaleBuyerFeeBps,
  };
  const result = await cartChange(event, input.user.id, now, (db) => holdSelection(db, hold, (holdId) => cartExtrasSql(event, input.user.id, holdId, now)), true);
  if (!result.ok) {
    if (result.code === 'SEAT_TAKEN' && 'seatIds' in input.selection) {
      return { ok: false, code: 'SEAT_TAKEN', taken: await seatLabels(event.id, result.taken.map((t) => t.id), input.locale) };
    }
    if (result.code === 'SEAT_TAKEN' && 'listingId' in input.selection) {
      return { ok: false, code: (await isOwnListing(input.selection.listingId, input.user.id)) ? 'OWN_LISTING' : 'LISTING_SOLD' };
    }
    return result;
  }
  return { ok: true, cart: await readCart(event, input.user.id, input.locale, now, result.known) };
}
