// GET /api/v1/organiser/venues/{venueId} — the venue with its layout in the JSON format · PATCH — change its details
import { venueIdParamSchema } from '@/lib/schemas/organiser';
import { updateVenueSchema } from '@/lib/schemas/organiser-venues';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { getVenue, updateVenue } from '@/lib/server/venues/venues';

export const GET = apiRoute<{ venueId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { venueId } = parseWith(venueIdParamSchema, await params);
  const result = await getVenue(caller.user.id, venueId);
  if (!result.ok) throw failureOf(result);
  return json(result.venue);
});

export const PATCH = apiRoute<{ venueId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { venueId } = parseWith(venueIdParamSchema, await params);
  const input = await parseBody(request, updateVenueSchema);
  const result = await updateVenue(caller.user.id, venueId, input);
  if (!result.ok) throw failureOf(result);
  return json(result);
});
