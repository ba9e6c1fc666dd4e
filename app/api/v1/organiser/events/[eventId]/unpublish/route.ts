// POST /api/v1/organiser/events/{eventId}/unpublish — a published event goes back to draft (tickets stay valid)
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import { noBody } from '@/lib/schemas/primitives';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { organiserFailure, unpublishEvent } from '@/lib/server/events/edit';

export const POST = apiRoute<{ eventId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { eventId } = parseWith(eventIdParamSchema, await params);
  await parseBody(request, noBody);
  const result = await unpublishEvent(caller.user.id, eventId);
  if (!result.ok) throw organiserFailure(result);
  return json({ event: result.event });
});
