// POST /api/v1/auth/remove — remove the caller's account: personal data anonymised, every session revoked, orders kept
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, json, parseBody } from '@/lib/server/api/respond';
import { clearSessionCookie } from '@/lib/server/auth/web-session';
import { removeUser } from '@/lib/server/users';
import { removeAccountSchema } from '@/lib/schemas/auth';

export const POST = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  await parseBody(request, removeAccountSchema);
  await removeUser(caller.user.id);
  const response = json({ ok: true });
  clearSessionCookie(response);
  return response;
});
