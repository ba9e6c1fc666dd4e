// POST /api/v1/organiser/seasons/{seasonId}/cancel — cancel a whole season: every match not yet played is cancelled and refunds its share
import { seasonIdParamSchema } from '@/lib/schemas/seasons';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseWith } from '@/lib/server/api/respond';
import { cancelSeason } from '@/lib/server/events/cancel';

export const POST = apiRoute<{ seasonId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { seasonId } = parseWith(seasonIdParamSchema, await params);
  const result = await cancelSeason(caller.user, seasonId);
  if (!result.ok) throw failureOf(result);
  return json({ season: result.season });
});
