// GET /api/v1/organiser/events/{eventId}/seats — the event's seats with their status (available, held, sold, blocked, unsold)
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseWith } from '@/lib/server/api/respond';
import { eventSeats } from '@/lib/server/events/seat-blocks';

export const GET = apiRoute<{ eventId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { eventId } = parseWith(eventIdParamSchema, await params);
  const result = await eventSeats(caller.user.id, eventId);
  if (!result.ok) throw failureOf(result);
  return json(result.seats);
});
