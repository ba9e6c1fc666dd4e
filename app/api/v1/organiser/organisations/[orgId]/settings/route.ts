// GET /api/v1/organiser/organisations/{orgId}/settings — name, contacts and default resale rules · PATCH — change them
import { orgIdParamSchema } from '@/lib/schemas/organiser';
import { orgSettingsPatchSchema } from '@/lib/schemas/organiser-codes';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { getOrgSettings, updateOrgSettings } from '@/lib/server/team/settings';

export const GET = apiRoute<{ orgId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { orgId } = parseWith(orgIdParamSchema, await params);
  const result = await getOrgSettings(caller.user.id, orgId);
  if (!result.ok) throw failureOf(result);
  return json(result.settings);
});

export const PATCH = apiRoute<{ orgId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { orgId } = parseWith(orgIdParamSchema, await params);
  const patch = await parseBody(request, orgSettingsPatchSchema);
  const result = await updateOrgSettings(caller.user.id, orgId, patch);
  if (!result.ok) throw failureOf(result);
  return json(result.settings);
});
