// GET /api/v1/organiser/seasons/{seasonId} — one season with its matches and prices · PATCH — change its name, windows or policy
import { seasonIdParamSchema, seasonPatchSchema } from '@/lib/schemas/seasons';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { getSeason, updateSeason } from '@/lib/server/seasons/organiser';

export const GET = apiRoute<{ seasonId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { seasonId } = parseWith(seasonIdParamSchema, await params);
  const result = await getSeason(caller.user.id, seasonId);
  if (!result.ok) throw failureOf(result);
  return json({ season: result.season });
});

export const PATCH = apiRoute<{ seasonId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { seasonId } = parseWith(seasonIdParamSchema, await params);
  const input = await parseBody(request, seasonPatchSchema);
  const result = await updateSeason(caller.user.id, seasonId, input);
  if (!result.ok) throw failureOf(result);
  return json({ season: result.season });
});
