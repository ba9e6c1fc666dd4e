// POST /api/v1/organiser/seasons/{seasonId}/matches — add a match to the season; every holder gets their ticket for it at once
import { seasonIdParamSchema, seasonMatchSchema } from '@/lib/schemas/seasons';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { addSeasonMatch } from '@/lib/server/seasons/organiser';

export const POST = apiRoute<{ seasonId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { seasonId } = parseWith(seasonIdParamSchema, await params);
  const { eventId } = await parseBody(request, seasonMatchSchema);
  const result = await addSeasonMatch(caller.user.id, seasonId, eventId);
  if (!result.ok) throw failureOf(result);
  return json({ season: result.season, issued: result.issued, missing: result.missing });
});
