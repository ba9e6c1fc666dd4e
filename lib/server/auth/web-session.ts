import 'server-only';
// The web's side of a session: the sealed httpOnly cookie holding the token, and the XSRF-TOKEN
// cookie whose value the web client echoes in X-XSRF-TOKEN on state changes.
import { randomBytes } from 'node:crypto';
import type { NextResponse } from 'next/server';
import { XSRF_COOKIE } from '@/lib/server/api/authenticate';
import { cookieValue } from '@/lib/server/api/request-locale';
import { sealSessionToken } from './session-cookie';
import { SESSION_COOKIE } from './session-secret';
import { SESSION_TTL_SECONDS } from './sessions';

function secure(request: Request): boolean {
  const forwarded = request.headers.get('x-forwarded-proto');
  if (forwarded) return forwarded.split(',')[0].trim() === 'https';
  return (process.env.APP_URL ?? '').startsWith('https:') || new URL(request.url).protocol === 'https:';
}

export function newXsrfToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Sets the sealed session cookie and makes sure an XSRF-TOKEN cookie exists. */
export async function setSessionCookies(response: NextResponse, request: Request, token: string): Promise<void> {
  const isSecure = secure(request);
  response.cookies.set(SESSION_COOKIE, await sealSessionToken(token, SESSION_TTL_SECONDS), {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure,
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
  });
  if (!cookieValue(request, XSRF_COOKIE)) setXsrfCookie(response, request);
}

export function setXsrfCookie(response: NextResponse, request: Request, value = newXsrfToken()): void {
  // Readable by the page's script on purpose: the double-submit check compares it with the header.
  response.cookies.set(XSRF_COOKIE, value, { httpOnly: false, sameSite: 'lax', secure: secure(request), path: '/' });
}

export function clearSessionCookie(response: NextResponse): void {
  response.cookies.set(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 0 });
}
