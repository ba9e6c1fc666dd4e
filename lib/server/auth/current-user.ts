import 'server-only';
import { cookies, headers } from 'next/headers';
import { unsealData } from 'iron-session';
import { sessionSecret, SESSION_COOKIE } from './session-secret';
import { userForToken, type SessionUser } from './session-token';

/** The session token of this request: `Authorization: Bearer` (native app) or the sealed web cookie. */
export async function requestSessionToken(): Promise<string | null> {
  const authorization = (await headers()).get('authorization');
  if (authorization?.toLowerCase().startsWith('bearer ')) return authorization.slice(7).trim() || null;
  const sealed = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!sealed) return null;
  try {
    const data = await unsealData<{ token?: string }>(sealed, { password: sessionSecret() });
    return typeof data.token === 'string' ? data.token : null;
  } catch {
    return null;
  }
}

/** The signed-in user of this request, or null. */
export async function getCurrentUser(): Promise<SessionUser | null> {
  const found = await userForToken(await requestSessionToken());
  return found?.user ?? null;
}
