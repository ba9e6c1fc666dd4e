// GET /api/v1/events/{id}/feedback — the feedback form of a holder who was checked in, and their answer · POST — answer it (once)
import { eventIdParamSchema } from '@/lib/schemas/events';
import { feedbackInputSchema } from '@/lib/schemas/feedback';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { myFeedback, submitFeedback } from '@/lib/server/feedback/fan';

export const GET = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { id } = parseWith(eventIdParamSchema, await params);
  const result = await myFeedback(caller.user, id);
  if (!result.ok) throw failureOf(result);
  const { ok: _ok, ...view } = result;
  return json(view, { headers: { 'Cache-Control': 'no-store' } });
});

export const POST = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { id } = parseWith(eventIdParamSchema, await params);
  const input = await parseBody(request, feedbackInputSchema);
  const result = await submitFeedback(caller.user, id, input);
  if (!result.ok) throw failureOf(result);
  return json({ ok: true, submittedAt: result.submittedAt }, { status: 201 });
});
