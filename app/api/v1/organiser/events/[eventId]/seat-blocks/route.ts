// POST /api/v1/organiser/events/{eventId}/seat-blocks — hold free seats back from sale, or release them ({seatIds, action})
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import { seatBlockSchema } from '@/lib/schemas/organiser-venues';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { blockSeats } from '@/lib/server/events/seat-blocks';

export const POST = apiRoute<{ eventId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { eventId } = parseWith(eventIdParamSchema, await params);
  const input = await parseBody(request, seatBlockSchema);
  const result = await blockSeats(caller.user.id, eventId, input);
  if (!result.ok) throw failureOf(result);
  return json(result);
});
