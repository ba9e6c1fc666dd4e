import 'server-only';
// Checks every API write goes through before its handler (apiRoute) or before its body is read
// (parseBody). Pure functions of the Request; respond.ts turns a refusal into a translated answer.
import { appUrl } from '@/lib/app-url';

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the request authenticates with `Authorization: Bearer` (the native app): no ambient authority a site could borrow. */
export function carriesBearer(request: Request): boolean {
  return request.headers.get('authorization')?.toLowerCase().startsWith('bearer ') ?? false;
}

/** Hosts that are this site: the one the browser addressed (Host) and the public origin (APP_URL, behind a proxy). */
function isOwnOrigin(origin: string, request: Request): boolean {
  let host: string;
  try {
    host = new URL(origin).host; // 'null' (sandboxed frames, cross-origin redirects) does not parse
  } catch {
    return false;
  }
  if (!host) return false;
  const addressed = request.headers.get('host') ?? new URL(request.url).host;
  return host === addressed || host === new URL(appUrl()).host;
}

/**
 * Whether a browser sent this request from another site. A browser names the page's origin in
 * `Origin` on every write (fetch and form posts); without it, `Sec-Fetch-Site` says the same. A
 * request with neither comes from no browser (the native app, a server), so no site can have forged it.
 */
export function isCrossSite(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (origin !== null) return !isOwnOrigin(origin, request);
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site !== 'same-origin' && site !== 'none';
  return false;
}

/**
 * A write whose authority is the browser's (the session cookie, or a sign-in/sign-up that sets it)
 * must come from this site: an HTML form on another site can post (even `text/plain` that reads as
 * JSON) and the browser attaches our cookies or keeps the ones we set (login CSRF). Bearer calls
 * carry their own authority and may come from anywhere.
 */
export function isForeignBrowserWrite(request: Request): boolean {
  return !SAFE_METHODS.has(request.method) && !carriesBearer(request) && isCrossSite(request);
}

/** `application/json`, or a `+json` type, with any parameters (charset). */
export function isJsonContentType(value: string | null): boolean {
  if (value === null) return false;
  const type = value.split(';', 1)[0].trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}
