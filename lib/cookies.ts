// Shared by the browser (document.cookie) and the server (the Cookie header): both are `a=1; b=2`.
// The names of Tribuna's own cookies are defined here, once: the app, proxy.ts, the web client and the
// production server's page cache (lib/server/serving/page-cache.ts) import them. The language cookie's
// name is next-intl's setting, in lib/i18n/locales.ts.

/** The sealed httpOnly web session cookie (lib/server/auth/web-session.ts). */
export const SESSION_COOKIE = 'tribuna_session';
/** The cookie whose value the web client echoes in the XSRF header on state changes (lib/server/api/authenticate.ts). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** The header that echoes XSRF_COOKIE (header names are case-insensitive). */
export const XSRF_HEADER = 'x-xsrf-token';

/** One cookie's decoded value from a cookie string; null when it is missing or not valid percent-encoding. */
export function cookieFrom(cookies: string | null | undefined, name: string): string | null {
  if (!cookies) return null;
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}
