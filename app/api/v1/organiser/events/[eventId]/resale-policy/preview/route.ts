// POST /api/v1/organiser/events/{eventId}/resale-policy/preview — how many live listings these rules would withdraw (writes nothing)
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import { resalePolicySchema } from '@/lib/schemas/organiser-codes';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { previewResalePolicy } from '@/lib/server/events/resale-policy';

export const POST = apiRoute<{ eventId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { eventId } = parseWith(eventIdParamSchema, await params);
  const policy = await parseBody(request, resalePolicySchema);
  const result = await previewResalePolicy(caller.user.id, eventId, policy);
  if (!result.ok) throw failureOf(result);
  return json({ activeListings: result.activeListings, withdraw: result.withdraw });
});
