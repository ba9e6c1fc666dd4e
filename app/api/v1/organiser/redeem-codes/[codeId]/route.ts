// PATCH /api/v1/organiser/redeem-codes/{codeId} — {active: false} deactivates a redeem code (true turns it back on)
import { redeemCodeIdParamSchema, redeemCodePatchSchema } from '@/lib/schemas/organiser-codes';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { setRedeemCodeActive } from '@/lib/server/organiser/redeem-codes';

export const PATCH = apiRoute<{ codeId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { codeId } = parseWith(redeemCodeIdParamSchema, await params);
  const { active } = await parseBody(request, redeemCodePatchSchema);
  const result = await setRedeemCodeActive(caller.user.id, codeId, active);
  if (!result.ok) throw failureOf(result);
  return json({ code: result.code });
});
