// GET /api/v1/organiser/events/{eventId}/feedback — what the checked-in holders answered: average, distribution, questions, comments
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseWith } from '@/lib/server/api/respond';
import { feedbackResults } from '@/lib/server/feedback/organiser';

export const GET = apiRoute<{ eventId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { eventId } = parseWith(eventIdParamSchema, await params);
  const result = await feedbackResults(caller.user.id, eventId);
  if (!result.ok) throw failureOf(result);
  const { ok: _ok, ...view } = result;
  return json(view, { headers: { 'Cache-Control': 'private, no-store' } });
});
