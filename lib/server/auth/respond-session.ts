import 'server-only';
import { json } from '@/lib/server/api/respond';
import type { PublicUser } from '@/lib/server/users';
import { createSession } from './sessions';
import { setSessionCookies } from './web-session';

/** The spec's answer to sign-in and sign-up: `{ user, token }` (and what the operation adds), plus the web's sealed cookie. */
export async function sessionResponse(request: Request, user: PublicUser, extra: Record<string, unknown> = {}): Promise<Response> {
  const { token } = await createSession(user.id, request.headers.get('user-agent'));
  const response = json({ ...extra, user, token });
  await setSessionCookies(response, request, token);
  return response;
}
