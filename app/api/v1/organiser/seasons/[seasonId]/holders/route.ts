// GET /api/v1/organiser/seasons/{seasonId}/holders — the season's holders (renewed or not, category, accepts mail filters) and its renewal counts
import { seasonHoldersQuerySchema } from '@/lib/schemas/season-holders';
import { seasonIdParamSchema } from '@/lib/schemas/seasons';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { apiRoute, failureOf, json, parseQuery, parseWith } from '@/lib/server/api/respond';
import { seasonHolders } from '@/lib/server/seasons/holders';

export const GET = apiRoute<{ seasonId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { seasonId } = parseWith(seasonIdParamSchema, await params);
  const query = parseQuery(request, seasonHoldersQuerySchema);
  const result = await seasonHolders(caller.user.id, seasonId, query, requestLocale(request));
  if (!result.ok) throw failureOf(result);
  return json(result.list);
});
