// GET /api/v1/organiser/events/{eventId}/report — the event's sales, money, codes, resale and attendance (owner, manager)
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseWith } from '@/lib/server/api/respond';
import { eventReport } from '@/lib/server/reports/event-report';

export const GET = apiRoute<{ eventId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { eventId } = parseWith(eventIdParamSchema, await params);
  const result = await eventReport(caller.user.id, eventId);
  if (!result.ok) throw failureOf(result);
  return json({ report: result.report });
});
