// PUT /api/v1/organiser/seasons/{seasonId}/prices — the season-ticket price of each price category
import { seasonIdParamSchema, seasonPricesSchema } from '@/lib/schemas/seasons';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { setSeasonPrices } from '@/lib/server/seasons/organiser';

export const PUT = apiRoute<{ seasonId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { seasonId } = parseWith(seasonIdParamSchema, await params);
  const input = await parseBody(request, seasonPricesSchema);
  const result = await setSeasonPrices(caller.user.id, seasonId, input);
  if (!result.ok) throw failureOf(result);
  return json({ season: result.season });
});
