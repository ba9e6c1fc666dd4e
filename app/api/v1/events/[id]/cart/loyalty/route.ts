// PUT /api/v1/events/{id}/cart/loyalty — pay part of the cart with the organiser's loyalty points {points} (spent at checkout, given back if unpaid) · DELETE pays with none
import { apiRoute, failureOf, json, parseBody } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { cartPointsSchema } from '@/lib/schemas/cart';
import { removeCartPoints, setCartPoints } from '@/lib/server/cart';

export const PUT = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { points } = await parseBody(request, cartPointsSchema);
  const result = await setCartPoints({ user: caller.user, eventRef: (await params).id, points, locale: requestLocale(request) });
  if (!result.ok) throw failureOf(result);
  return json(result.cart);
});

export const DELETE = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const result = await removeCartPoints({ user: caller.user, eventRef: (await params).id, locale: requestLocale(request) });
  if (!result.ok) throw failureOf(result);
  return json(result.cart);
});
