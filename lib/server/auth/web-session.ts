import 'server-only';
// The web's side of a session: the sealed httpOnly cookie holding the token, and the XSRF-TOKEN
// cookie whose value the web client echoes in X-XSRF-TOKEN on state changes.
import { randomBytes } from 'node:crypto';
import { generateCookie } from 'hono/cookie';
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
export async function setSessionCookies(response: Response, request: Request, token: string): Promise<void> {
  const isSecure = secure(request);
  response.headers.append(
    'Set-Cookie',
    generateCookie(SESSION_COOKIE, await sealSessionToken(token, SESSION_TTL_SECONDS), {
      httpOnly: true,
      sameSite: 'Lax',
      secure: isSecure,
      path: '/',
      maxAge: SESSION_TTL_SECONDS,
    }),
  );
  if (!cookieValue(request, XSRF_COOKIE)) setXsrfCookie(response, request);
}

export function setXsrfCookie(response: Response, request: Request, value = newXsrfToken()): void {
  // Readable by the page's script on purpose: the double-submit check compares it with the header.
  response.headers.append('Set-Cookie', generateCookie(XSRF_COOKIE, value, { httpOnly: false, sameSite: 'Lax', secure: secure(request), path: '/' }));
}

export function clearSessionCookie(response: Response): void {
  response.headers.append('Set-Cookie', generateCookie(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 0 }));
}
