// DELETE /api/v1/organiser/organisations/{orgId}/invitations/{invitationId} — revoke an open invitation (owners)
import { invitationParamSchema } from '@/lib/schemas/organiser-team';
import { apiRoute, failureOf, json, parseWith } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { revokeInvitation } from '@/lib/server/team/invitations';

export const DELETE = apiRoute<{ orgId: string; invitationId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { orgId, invitationId } = parseWith(invitationParamSchema, await params);
  const result = await revokeInvitation(caller.user, orgId, invitationId);
  if (!result.ok) throw failureOf(result);
  return json({ ok: true as const });
});
