import 'server-only';
import type { Locale } from '@/lib/i18n/routing';
import { findSaleEvent } from './event';
import { cartChange } from './change';
import { releaseItem } from './hold';
import { cartExtrasSql, readCart } from './read';
import type { Actor, CartAnswer } from './types';

/** Removes one ticket from the cart and gives it back to sale at once. */
export async function removeFromCart(input: { user: Actor; eventRef: string; itemId: string; locale: Locale; now?: Date }): Promise<CartAnswer> {
  const now = input.now ?? new Date();
  const event = await findSaleEvent(input.eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  const release = { userId: input.user.id, eventId: event.id, itemId: input.itemId, now };
  const result = await cartChange(event, input.user.id, now, (db) => releaseItem(db, release, (holdId) => cartExtrasSql(event, input.user.id, holdId, now)), false);
  if (!result.ok) return result;
  return { ok: true, cart: await readCart(event, input.user.id, input.locale, now, result.known) };
}
