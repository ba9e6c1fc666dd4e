import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { tokenFromSealedCookie } from '@/lib/server/auth/session-cookie';
import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@/lib/cookies';
import { userForToken, type SessionUser } from '@/lib/server/auth/session-token';
import { cookieValue } from './request-locale';
import { ApiError } from './respond';

export { XSRF_COOKIE, XSRF_HEADER } from '@/lib/cookies';

export type Caller = { user: SessionUser; sessionId: string; token: string; via: 'bearer' | 'cookie' };

/** The session token a request carries, and how: `Authorization: Bearer` (native app) or the sealed web cookie. */
export async function requestToken(request: Request): Promise<{ token: string; via: 'bearer' | 'cookie' } | null> {
  const authorization = request.headers.get('authorization');
  if (authorization?.toLowerCase().startsWith('bearer ')) {
    const token = authorization.slice(7).trim();
    return token ? { token, via: 'bearer' } : null;
  }
  const token = await tokenFromSealedCookie(cookieValue(request, SESSION_COOKIE));
  return token ? { token, via: 'cookie' } : null;
}

/** The caller, or null when the request has no live session. */
export async function authenticate(request: Request): Promise<Caller | null> {
  const carried = await requestToken(request);
  if (!carried) return null;
  const found = await userForToken(carried.token);
  return found ? { ...found, token: carried.token, via: carried.via } : null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The 401 that clients read as "session gone". */
export function sessionGone(): ApiError {
  return new ApiError('UNAUTHENTICATED');
}

/**
 * The signed-in caller or a 401 (sessionGone).
 * Cookie-authenticated state changes must echo the XSRF-TOKEN cookie in X-XSRF-TOKEN, else 403.
 */
export async function requireCaller(request: Request): Promise<Caller> {
  const caller = await authenticate(request);
  if (!caller) throw sessionGone();
  if (caller.via === 'cookie' && !SAFE_METHODS.has(request.method)) assertXsrf(request);
  return caller;
}

/**
 * For a route whose own statement looks its caller's session up (the gate scan): the session token,
 * with requireCaller's checks that need no database: a 401 when the request carries none, the XSRF
 * check for a cookie. The route answers sessionGone() when its statement finds no live session.
 */
export async function requireSessionToken(request: Request): Promise<string> {
  const carried = await requestToken(request);
  if (!carried) throw sessionGone();
  if (carried.via === 'cookie' && !SAFE_METHODS.has(request.method)) assertXsrf(request);
  return carried.token;
}

export function assertXsrf(request: Request): void {
  const cookie = Buffer.from(cookieValue(request, XSRF_COOKIE) ?? '');
  const header = Buffer.from(request.headers.get(XSRF_HEADER) ?? '');
  // Lengths in bytes: timingSafeEqual throws on buffers of different lengths ('ábc' and 'abc' are both 3 characters).
  if (!cookie.length || cookie.length !== header.length || !timingSafeEqual(cookie, header)) {
    throw new ApiError('XSRF');
  }
}
