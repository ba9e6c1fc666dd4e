// GET /api/v1/orders/{id} — one of the caller's orders: status (paid / pending / failed), items, totals
import { ApiError, apiRoute, json } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { getOrder } from '@/lib/server/orders/read';

export const GET = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const order = await getOrder({ user: caller.user, orderId: (await params).id, locale: requestLocale(request) });
  if (!order) throw new ApiError('ORDER_NOT_FOUND');
  return json(order, { headers: { 'Cache-Control': 'no-store' } });
});
