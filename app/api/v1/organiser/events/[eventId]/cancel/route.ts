// POST /api/v1/organiser/events/{eventId}/cancel — cancel a published event: sales stop, every paid order is refunded (idempotent)
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseWith } from '@/lib/server/api/respond';
import { cancelEvent } from '@/lib/server/events/cancel';

export const POST = apiRoute<{ eventId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const eventId = parseWith(eventIdParamSchema.shape.eventId, (await params).eventId);
  const result = await cancelEvent(caller.user, eventId);
  if (!result.ok) throw failureOf(result);
  return json({ event: result.event, progress: result.progress });
});
