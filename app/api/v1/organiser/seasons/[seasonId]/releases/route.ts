// GET /api/v1/organiser/seasons/{seasonId}/releases?eventId= — seats the season's holders released for credit, the totals and the wallet credit owed
import { seasonReleasesQuerySchema } from '@/lib/schemas/season-releases';
import { seasonIdParamSchema } from '@/lib/schemas/seasons';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseQuery, parseWith } from '@/lib/server/api/respond';
import { seasonReleasesReport } from '@/lib/server/seasons/releases-report';

export const GET = apiRoute<{ seasonId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { seasonId } = parseWith(seasonIdParamSchema, await params);
  const filter = parseQuery(request, seasonReleasesQuerySchema);
  const result = await seasonReleasesReport(caller.user.id, seasonId, filter);
  if (!result.ok) throw failureOf(result);
  return json(result.report);
});
