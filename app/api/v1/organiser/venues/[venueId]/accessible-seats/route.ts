// GET /api/v1/organiser/venues/{venueId}/accessible-seats — the venue's seats with their mark (wheelchair place, companion seat) · PUT — mark seats or clear the mark ({seatIds, kind})
import { venueIdParamSchema } from '@/lib/schemas/organiser';
import { accessibleSeatMarkSchema } from '@/lib/schemas/organiser-venues';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { markAccessibleSeats, venueAccessibleSeats } from '@/lib/server/venues/accessible-seats';

export const GET = apiRoute<{ venueId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { venueId } = parseWith(venueIdParamSchema, await params);
  const result = await venueAccessibleSeats(caller.user.id, venueId);
  if (!result.ok) throw failureOf(result);
  return json(result.seats);
});

export const PUT = apiRoute<{ venueId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { venueId } = parseWith(venueIdParamSchema, await params);
  const input = await parseBody(request, accessibleSeatMarkSchema);
  const result = await markAccessibleSeats(caller.user.id, venueId, input);
  if (!result.ok) throw failureOf(result);
  return json(result);
});
