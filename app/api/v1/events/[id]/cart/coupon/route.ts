// POST /api/v1/events/{id}/cart/coupon — apply a discount code {code} to the cart ('Invalid discount code' when unknown, expired or used up) · DELETE removes it
import { apiRoute, json, parseBody } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { couponSchema } from '@/lib/schemas/cart';
import { cartFailureResponse } from '@/lib/server/cart/http';
import { applyCoupon, removeCoupon } from '@/lib/server/cart/service';

export const POST = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { code } = await parseBody(request, couponSchema);
  const result = await applyCoupon({ user: caller.user, eventRef: (await params).id, code, locale: requestLocale(request) });
  return result.ok ? json(result.cart) : cartFailureResponse(request, result);
});

export const DELETE = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const result = await removeCoupon({ user: caller.user, eventRef: (await params).id, locale: requestLocale(request) });
  return result.ok ? json(result.cart) : cartFailureResponse(request, result);
});
