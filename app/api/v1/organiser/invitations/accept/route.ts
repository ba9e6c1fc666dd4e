// POST /api/v1/organiser/invitations/accept — the signed-in user accepts a team invitation {token} (rate-limited: a token is a secret)
import { acceptInvitationSchema } from '@/lib/schemas/organiser-team';
import { apiRoute, failureOf, json, parseBody } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { acceptInvitation } from '@/lib/server/team/invitations';
import { clientIp, enforceRateLimit } from '@/lib/server/rate-limit';

export const POST = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  await enforceRateLimit([
    { key: `invitation-accept:user:${caller.user.id}`, limit: 10, windowSeconds: 600 },
    { key: `invitation-accept:ip:${clientIp(request)}`, limit: 30, windowSeconds: 600 },
  ]);
  const input = await parseBody(request, acceptInvitationSchema);
  const result = await acceptInvitation(caller.user, input.token);
  if (!result.ok) throw failureOf(result, result.code === 'INVITATION_OTHER_EMAIL' ? { values: { email: result.email } } : undefined);
  return json({ organisation: result.organisation, role: result.role });
});
