// GET /api/v1/organiser/seasons?organisation={orgId} — the organisation's seasons · POST — create one
import { organisationQuerySchema } from '@/lib/schemas/organiser';
import { seasonCreateSchema } from '@/lib/schemas/seasons';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseBody, parseQuery } from '@/lib/server/api/respond';
import { createSeason, listSeasons } from '@/lib/server/seasons/organiser';

export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const { organisation } = parseQuery(request, organisationQuerySchema);
  const result = await listSeasons(caller.user.id, organisation);
  if (!result.ok) throw failureOf(result);
  return json({ seasons: result.seasons });
});

export const POST = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const input = await parseBody(request, seasonCreateSchema);
  const result = await createSeason(caller.user.id, input);
  if (!result.ok) throw failureOf(result);
  return json({ season: result.season }, { status: 201 });
});
