// GET /api/v1/organiser/organisations/{orgId}/members — the team and its open invitations (owners) · POST — invite {email, role} by email
import { orgIdParamSchema } from '@/lib/schemas/organiser';
import { inviteSchema } from '@/lib/schemas/organiser-team';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { inviteMember } from '@/lib/server/team/invitations';
import { listTeam } from '@/lib/server/team/team';
import { enforceRateLimit } from '@/lib/server/rate-limit';

export const GET = apiRoute<{ orgId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { orgId } = parseWith(orgIdParamSchema, await params);
  const result = await listTeam(caller.user, orgId);
  if (!result.ok) throw failureOf(result);
  return json({ members: result.members, invitations: result.invitations });
});

export const POST = apiRoute<{ orgId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { orgId } = parseWith(orgIdParamSchema, await params);
  const input = await parseBody(request, inviteSchema);
  // Each invitation sends a mail to an address the inviter chose: bounded per inviter.
  await enforceRateLimit([{ key: `org-invite:user:${caller.user.id}`, limit: 30, windowSeconds: 3600 }]);
  const result = await inviteMember(caller.user, orgId, { ...input, locale: requestLocale(request) });
  if (!result.ok) throw failureOf(result);
  return json({ invitation: result.invitation }, { status: 201 });
});
