// GET /api/v1/organiser/settlements?organisation=&from=&to=[&event=] — what Tribuna owes the organisation for a period (owner)
import { settlementQuerySchema } from '@/lib/schemas/settlements';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { apiRoute, failureOf, json, parseQuery } from '@/lib/server/api/respond';
import { organiserSettlement } from '@/lib/server/reports/settlement';

export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const query = parseQuery(request, settlementQuerySchema);
  const result = await organiserSettlement(caller.user.id, query, requestLocale(request));
  if (!result.ok) throw failureOf(result);
  return json(result.settlement, { headers: { 'cache-control': 'private, no-store' } });
});
