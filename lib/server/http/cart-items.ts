import 'server-only';
import { apiRoute, ApiError, failureOf, json, parseBody } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { cartItemIdSchema, cartItemsSchema } from '@/lib/schemas/cart';
import { addToCart, removeFromCart } from '@/lib/server/cart';

// Holding and letting go of tickets: most of an on-sale rush's traffic, served by lib/server/http/hot-api.ts.

/** POST /api/v1/events/{id}/cart/items — hold {seatIds} | {ticketTypeId, quantity} | {listingId}, all or nothing (409 SEAT_TAKEN names the taken seats). */
export const holdCartItems = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const selection = await parseBody(request, cartItemsSchema);
  const result = await addToCart({ user: caller.user, eventRef: (await params).id, selection, locale: requestLocale(request) });
  if (!result.ok) throw failureOf(result);
  return json(result.cart);
});

/** DELETE /api/v1/events/{id}/cart/items/{itemId} — take one ticket out of the cart; it returns to sale at once. */
export const releaseCartItem = apiRoute<{ id: string; itemId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { id, itemId } = await params;
  if (!cartItemIdSchema.safeParse(itemId).success) throw new ApiError('ITEM_NOT_FOUND');
  const result = await removeFromCart({ user: caller.user, eventRef: id, itemId, locale: requestLocale(request) });
  if (!result.ok) throw failureOf(result);
  return json(result.cart);
});
