// POST /api/v1/events/{id}/cart/coupon — apply a discount code {code} to the cart (422: unknown, expired or used-up code, each with its own sentence; 429 past 5 tries a minute per fan or 20 per client address) · DELETE removes it
import { apiRoute, failureOf, json, parseBody } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { couponSchema } from '@/lib/schemas/cart';
import { applyCoupon, removeCoupon } from '@/lib/server/cart';
import { clientIp } from '@/lib/server/rate-limit';

export const POST = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { code } = await parseBody(request, couponSchema);
  const result = await applyCoupon({ user: caller.user, eventRef: (await params).id, code, locale: requestLocale(request), clientAddress: clientIp(request) });
  if (!result.ok) throw failureOf(result);
  return json(result.cart);
});

export const DELETE = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const result = await removeCoupon({ user: caller.user, eventRef: (await params).id, locale: requestLocale(request) });
  if (!result.ok) throw failureOf(result);
  return json(result.cart);
});
