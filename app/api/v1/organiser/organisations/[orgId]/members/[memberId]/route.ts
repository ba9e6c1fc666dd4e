// PATCH /api/v1/organiser/organisations/{orgId}/members/{memberId} — change a member's role {role} · DELETE — remove the member (owners; never the last owner)
import { memberParamSchema, memberRoleSchema } from '@/lib/schemas/organiser-team';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { changeMemberRole, removeMember } from '@/lib/server/team/team';

type Params = { orgId: string; memberId: string };

export const PATCH = apiRoute<Params>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { orgId, memberId } = parseWith(memberParamSchema, await params);
  const input = await parseBody(request, memberRoleSchema);
  const result = await changeMemberRole(caller.user, orgId, memberId, input.role);
  if (!result.ok) throw failureOf(result);
  return json({ member: result.member });
});

export const DELETE = apiRoute<Params>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { orgId, memberId } = parseWith(memberParamSchema, await params);
  const result = await removeMember(caller.user, orgId, memberId);
  if (!result.ok) throw failureOf(result);
  return json({ ok: true as const });
});
