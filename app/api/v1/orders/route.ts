// GET /api/v1/orders?cursor=&limit= — the caller's own orders, newest first, a page at a time (nextCursor for older ones)
import { orderListQuerySchema } from '@/lib/schemas/orders';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { apiRoute, failureOf, json, parseQuery } from '@/lib/server/api/respond';
import { listMyOrders } from '@/lib/server/orders/list';

export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const query = parseQuery(request, orderListQuerySchema);
  const result = await listMyOrders({ user: caller.user, locale: requestLocale(request), cursor: query.cursor, limit: query.limit });
  if (!result.ok) throw failureOf(result);
  return json(result.list, { headers: { 'Cache-Control': 'private, no-store' } });
});
