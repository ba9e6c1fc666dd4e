// POST /api/v1/events/{id}/cart/items — hold {seatIds} | {ticketTypeId, quantity} | {listingId} in the caller's cart, all or nothing (409 SEAT_TAKEN names the taken seats)
import { apiRoute, json, parseBody } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { cartItemsSchema } from '@/lib/schemas/cart';
import { cartFailureResponse } from '@/lib/server/cart/http';
import { addToCart } from '@/lib/server/cart/service';

export const POST = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const selection = await parseBody(request, cartItemsSchema);
  const result = await addToCart({ user: caller.user, eventRef: (await params).id, selection, locale: requestLocale(request) });
  return result.ok ? json(result.cart) : cartFailureResponse(request, result);
});
