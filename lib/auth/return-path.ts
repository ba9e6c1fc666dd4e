// The `next` return path of the sign-in guard. Only paths inside this site are accepted, so a
// crafted link like /signin?next=https://evil.example cannot send a person elsewhere after sign-in.
// Used by proxy.ts (guard redirects), the sign-in and sign-up pages and forms, and lib/server/auth/guard.ts.

export const RETURN_PARAM = 'next';

/** Screens that are part of signing in: a link to sign-in from one of them carries no return path. */
const AUTH_SCREENS = /^\/(?:sk|cs|en)\/(?:signin|signup|prihlasenie|prihlaseni|registracia|registrace|password-reset|obnovenie-hesla|obnoveni-hesla|verify-email|overenie-emailu|overeni-emailu)(?:\/|$)/;

/**
 * The return path a sign-in link carries from the page a person is on (the browser's path and query):
 * that page when it is a safe path of this site and not itself a sign-in screen, else null.
 */
export function returnPathFrom(pathname: string, search = ''): string | null {
  if (AUTH_SCREENS.test(pathname)) return null;
  const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  return safeReturnPath(`${pathname}${query}`);
}

/** A base that no real request has: a parsed value whose origin is not this one left the site. */
const BASE = 'http://tribuna.invalid';

/** Whether a path is read as "this site" by a browser: one leading slash, no backslash ('//host' and '/\host' are other hosts). */
function isLocalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}

/** The path of a value parsed against BASE, or null when it names another origin (or cannot be parsed). */
function parsePath(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The path itself (pathname + query + hash, normalised) when it is internal, else null.
 * The answer is what the browser will be sent to, so it is checked after parsing: removing dot
 * segments turns '/.//evil.example/x' (also '/..//x', '/%2e//x') into '//evil.example/x', a
 * protocol-relative URL of another host. Only a path that parses to itself on this origin passes.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  if (!isLocalPath(value)) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  const path = parsePath(value);
  if (path === null || !isLocalPath(path) || parsePath(path) !== path) return null;
  const pathname = path.split(/[?#]/, 1)[0];
  if (pathname.startsWith('/api/') || pathname.startsWith('/_next/')) return null;
  return path;
}
