// GET /api/v1/organiser/events/{eventId} — everything editable of an event · PATCH — change any editable field
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import { updateEventSchema } from '@/lib/schemas/organiser-events';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { organiserFailure, readOrganiserEvent, updateEvent } from '@/lib/server/events/edit';

export const GET = apiRoute<{ eventId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { eventId } = parseWith(eventIdParamSchema, await params);
  const result = await readOrganiserEvent(caller.user.id, eventId);
  if (!result.ok) throw organiserFailure(result);
  return json({ event: result.event });
});

export const PATCH = apiRoute<{ eventId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { eventId } = parseWith(eventIdParamSchema, await params);
  const input = await parseBody(request, updateEventSchema);
  const result = await updateEvent(caller.user.id, eventId, input);
  if (!result.ok) throw organiserFailure(result);
  return json({ event: result.event });
});
