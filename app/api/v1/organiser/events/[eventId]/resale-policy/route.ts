// GET /api/v1/organiser/events/{eventId}/resale-policy — the event's resale and gifting rules · PUT — change them (withdraws listings the new rules forbid)
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import { resalePolicySchema } from '@/lib/schemas/organiser-codes';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { getResalePolicy, setResalePolicy } from '@/lib/server/organiser/resale-policy';

export const GET = apiRoute<{ eventId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { eventId } = parseWith(eventIdParamSchema, await params);
  const result = await getResalePolicy(caller.user.id, eventId);
  if (!result.ok) throw failureOf(result);
  const { ok: _ok, ...view } = result;
  return json(view);
});

export const PUT = apiRoute<{ eventId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { eventId } = parseWith(eventIdParamSchema, await params);
  const policy = await parseBody(request, resalePolicySchema);
  const result = await setResalePolicy(caller.user.id, eventId, policy);
  if (!result.ok) throw failureOf(result);
  return json({ policy: result.policy, withdrawn: result.withdrawn });
});
