// GET /api/v1/organiser/events?organisation={orgId} — the organisation's events, drafts too · POST — create a draft
import { createEventSchema, eventsQuerySchema } from '@/lib/schemas/organiser-events';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, json, parseBody, parseQuery } from '@/lib/server/api/respond';
import { createEvent, listOrganiserEvents, organiserFailure } from '@/lib/server/events/edit';

export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const { organisation } = parseQuery(request, eventsQuerySchema);
  const result = await listOrganiserEvents(caller.user.id, organisation);
  if (!result.ok) throw organiserFailure(result);
  return json({ events: result.events });
});

export const POST = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const input = await parseBody(request, createEventSchema);
  const result = await createEvent(caller.user.id, input);
  if (!result.ok) throw organiserFailure(result);
  return json({ event: result.event }, { status: 201 });
});
