// GET /api/v1/organiser/organisations/{orgId}/loyalty — the organiser's loyalty programme · PUT — change what a check-in and a euro/koruna spent earn
import { loyaltyProgramSchema } from '@/lib/schemas/loyalty';
import { orgIdParamSchema } from '@/lib/schemas/organiser';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { getLoyaltyProgram, setLoyaltyProgram } from '@/lib/server/loyalty/program';

export const GET = apiRoute<{ orgId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { orgId } = parseWith(orgIdParamSchema, await params);
  const result = await getLoyaltyProgram(caller.user.id, orgId);
  if (!result.ok) throw failureOf(result);
  const { ok: _ok, ...program } = result;
  return json(program);
});

export const PUT = apiRoute<{ orgId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { orgId } = parseWith(orgIdParamSchema, await params);
  const input = await parseBody(request, loyaltyProgramSchema);
  const result = await setLoyaltyProgram(caller.user.id, orgId, input);
  if (!result.ok) throw failureOf(result);
  const { ok: _ok, ...program } = result;
  return json(program);
});
