import 'server-only';
import { cookies, headers } from 'next/headers';
import { connection } from 'next/server';
import { tokenFromSealedCookie } from './session-cookie';
import { SESSION_COOKIE } from './session-secret';
import { userForToken, type SessionUser } from './session-token';

/** The session token of this request: `Authorization: Bearer` (native app) or the sealed web cookie. */
async function requestSessionToken(): Promise<string | null> {
  // Request time only: unsealing reads the clock (cookie expiry), which a runtime prefetch may not do.
  await connection();
  const authorization = (await headers()).get('authorization');
  if (authorization?.toLowerCase().startsWith('bearer ')) return authorization.slice(7).trim() || null;
  return tokenFromSealedCookie((await cookies()).get(SESSION_COOKIE)?.value);
}

/** The signed-in user of the page being rendered, or null. Route handlers use lib/server/api/authenticate.ts. */
export async function getCurrentUser(): Promise<SessionUser | null> {
  const found = await userForToken(await requestSessionToken());
  return found?.user ?? null;
}
