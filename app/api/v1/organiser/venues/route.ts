// GET /api/v1/organiser/venues?organisation={orgId} — the organisation's venues with counts · POST — a new venue
import { organisationQuerySchema } from '@/lib/schemas/organiser';
import { createVenueSchema } from '@/lib/schemas/organiser-venues';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseBody, parseQuery } from '@/lib/server/api/respond';
import { createVenue, listVenues } from '@/lib/server/venues/venues';

export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const { organisation } = parseQuery(request, organisationQuerySchema);
  const result = await listVenues(caller.user.id, organisation);
  if (!result.ok) throw failureOf(result);
  return json({ venues: result.venues });
});

export const POST = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const input = await parseBody(request, createVenueSchema);
  const result = await createVenue(caller.user.id, input);
  if (!result.ok) throw failureOf(result);
  return json({ id: result.id }, { status: 201 });
});
