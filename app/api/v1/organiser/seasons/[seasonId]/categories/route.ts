// PUT /api/v1/organiser/seasons/{seasonId}/categories — the season's categories with their prices, and each match's price categories mapped onto them
import { seasonCategoriesSchema, seasonIdParamSchema } from '@/lib/schemas/seasons';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { setSeasonCategories } from '@/lib/server/seasons/organiser';

export const PUT = apiRoute<{ seasonId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { seasonId } = parseWith(seasonIdParamSchema, await params);
  const input = await parseBody(request, seasonCategoriesSchema);
  const result = await setSeasonCategories(caller.user.id, seasonId, input);
  if (!result.ok) throw failureOf(result);
  return json({ season: result.season });
});
