// GET /api/v1/organiser/reports/overview?organisation={orgId}&from=&to= — the organisation's events of a period with sales, net and attendance (owner, manager)
import { overviewQuerySchema } from '@/lib/schemas/reports';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseQuery } from '@/lib/server/api/respond';
import { organisationOverview } from '@/lib/server/reports/overview';

export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const query = parseQuery(request, overviewQuerySchema);
  const result = await organisationOverview(caller.user.id, query);
  if (!result.ok) throw failureOf(result);
  return json({ overview: result.overview });
});
