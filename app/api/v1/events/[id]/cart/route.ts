// GET /api/v1/events/{id}/cart — the caller's cart for the event: {items, expiresAt, timeLeft, couponCode, count, subtotal, discount, fees, total}
import { apiRoute, failureOf, json } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { getCart } from '@/lib/server/cart';

export const GET = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const result = await getCart({ user: caller.user, eventRef: (await params).id, locale: requestLocale(request) });
  if (!result.ok) throw failureOf(result);
  return json(result.cart, { headers: { 'Cache-Control': 'no-store' } });
});
