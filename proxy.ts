import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { appUrl } from '@/lib/app-url';
import { SESSION_COOKIE, XSRF_COOKIE } from '@/lib/cookies';
import { RETURN_PARAM, safeReturnPath } from '@/lib/auth/return-path';
import { contentSecurityPolicy, newNonce } from '@/lib/csp';
import { localeOfPath, matchAcceptLanguage, resolveLocale } from '@/lib/i18n/resolve-locale';
import { isBadPageRequest } from '@/lib/page-requests';
import cs from '@/messages/cs.json';
import en from '@/messages/en.json';
import sk from '@/messages/sk.json';
import { publicEventExists } from '@/lib/server/events/exists';
import { defaultLocale, isLocale, LOCALE_COOKIE, pathnames, routing, type AppPathname, type Locale } from '@/lib/i18n/routing';

const intl = createMiddleware(routing);

/** Set by a server page that found a dead session cookie: the proxy drops the cookie instead of guarding. */
const EXPIRED_PARAM = 'expired';

const SIGNED_OUT_ONLY: AppPathname[] = ['/signin', '/signup'];
const SIGNED_IN_ONLY: AppPathname[] = [
  '/profile',
  '/events/[id]/cart',
  '/events/[id]/checkout',
  '/events/[id]/feedback',
  '/events/[id]/queue',
  '/seasons/[slug]/queue',
  '/orders/[id]',
  '/orders',
  // Applying to sell on Tribuna (onboarding/).
  '/sell',
  // The organiser console, but for the invitation page (it explains the invitation first).
  ...(Object.keys(pathnames) as AppPathname[]).filter((p) => p.startsWith('/organiser') && p !== '/organiser/invitation'),
  // Tribuna's administration (payout runs, applications): the page itself answers 404 to anyone but an admin.
  '/admin/payouts',
  '/admin/applications',
  '/admin/organisations',
];

function localizedPattern(locale: Locale, pathname: AppPathname): RegExp {
  const entry = pathnames[pathname];
  const template = typeof entry === 'string' ? entry : entry[locale];
  const escaped = template.replace(/[.*+?^${}()|\\]/g, '\\$&').replace(/\[[^\]/]+\]/g, '[^/]+');
  return new RegExp(`^/${locale}${escaped === '/' ? '' : escaped}/?$`);
}

function matches(locale: Locale, path: string, list: AppPathname[]): boolean {
  return list.some((pathname) => localizedPattern(locale, pathname).test(path));
}

function localized(locale: Locale, pathname: '/signin' | '/profile'): string {
  return `/${locale}${pathnames[pathname][locale]}`;
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Guards (spec §4), a convenience before rendering; the pages check again on the server.
 * Signed-out people go from profile, cart, checkout and orders to sign-in with a return path;
 * signed-in people go from sign-in and sign-up to the page they came for, else their profile.
 * "Signed in" here means "carries a session cookie": a dead one is caught by the page, which sends
 * the person to sign-in with ?expired=1, and this proxy then drops the cookie.
 */
function guard(request: NextRequest, locale: Locale): { response: NextResponse | null; dropSession: boolean } {
  const path = request.nextUrl.pathname;
  const expired = request.nextUrl.searchParams.has(EXPIRED_PARAM);
  const hasSession = Boolean(request.cookies.get(SESSION_COOKIE)?.value) && !expired;
  if (!hasSession && matches(locale, path, SIGNED_IN_ONLY)) {
    const target = request.nextUrl.clone();
    target.pathname = localized(locale, '/signin');
    target.search = '';
    target.searchParams.set(RETURN_PARAM, `${path}${request.nextUrl.search}`);
    return { response: NextResponse.redirect(target), dropSession: expired };
  }
  if (hasSession && matches(locale, path, SIGNED_OUT_ONLY)) {
    const next = safeReturnPath(request.nextUrl.searchParams.get(RETURN_PARAM));
    const target = new URL(next ?? localized(locale, '/profile'), request.nextUrl);
    return { response: NextResponse.redirect(target), dropSession: false };
  }
  return { response: null, dropSession: expired };
}

/**
 * Locale choice (spec §1): the route prefix wins; otherwise our resolver (cookie i18n_redirected, then
 * Accept-Language, then sk) decides, and next-intl redirects to that language's translated path.
 * Then the account guards, and an XSRF-TOKEN cookie for the web client whenever it has none.
 */
/** /sk/podujatia/{id}, /cs/udalosti/{id}, /en/events/{id}: the event page, whose id must exist for a 200. */
const EVENT_PAGE = new RegExp(
  `^/(?:${routing.locales.map((l) => `${l}${pathnames['/events/[id]'][l].replace('[id]', '')}`).join('|')})([^/]+)/?$`,
);

/**
 * next-intl names the request's own origin (Host, X-Forwarded-Host) in the hreflang `Link` header; the
 * alternates are APP_URL's, as in the page's own <head> and the sitemap, whatever a request says.
 */
function useAppOrigin(response: NextResponse): void {
  const link = response.headers.get('link');
  if (link) response.headers.set('link', link.replace(/<https?:\/\/[^/>]*/g, `<${appUrl()}`));
}

/** Whether an event page's id names a public event; a malformed percent-escape names none. */
async function eventExists(segment: string): Promise<boolean> {
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return false;
  }
  // The database being away is no reason to answer 404: the page itself says what went wrong.
  return publicEventExists(id).catch(() => true);
}

const BAD_REQUEST: Record<Locale, string> = { sk: sk.errors.badRequest, cs: cs.errors.badRequest, en: en.errors.badRequest };

/**
 * The translated 400 of a page request Next cannot take (lib/page-requests.ts), in the language the
 * production server gives it (lib/server/serving/request-guard.ts answerLocale): Accept-Language, the cookie, Slovak.
 */
function badRequest(request: NextRequest): NextResponse {
  const cookie = request.cookies.get(LOCALE_COOKIE)?.value;
  const locale = matchAcceptLanguage(request.headers.get('accept-language') ?? '') ?? (isLocale(cookie) ? cookie : defaultLocale);
  return new NextResponse(`${BAD_REQUEST[locale]}\n`, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
}

export default async function proxy(request: NextRequest) {
  // The production server refused these before Next; this is the same check for `next dev`.
  if (isBadPageRequest(request.method, request.nextUrl.pathname, (name) => request.headers.get(name))) return badRequest(request);

  // A nonce of this answer's own (lib/csp.ts): Next reads it from the request's policy and gives it to the
  // page's inline scripts; the answer carries the same policy.
  const policy = contentSecurityPolicy({ nonce: newNonce(), dev: process.env.NODE_ENV !== 'production', cdnHost: process.env.STORAGE_CDN_HOST });
  request.headers.set('content-security-policy', policy);

  // Catalogue: an unknown or draft event answers HTTP 404 (a page can only soft-404 once its shell has streamed).
  const eventId = EVENT_PAGE.exec(request.nextUrl.pathname)?.[1];
  if (eventId !== undefined && !(await eventExists(eventId))) {
    const notFound = NextResponse.rewrite(new URL(`/${localeOfPath(request.nextUrl.pathname)}/--unknown-event--`, request.url), { request: { headers: request.headers } });
    notFound.headers.set('Content-Security-Policy', policy);
    return notFound;
  }

  const locale = localeOfPath(request.nextUrl.pathname);
  if (!locale) {
    const chosen = resolveLocale({
      cookie: request.cookies.get(LOCALE_COOKIE)?.value,
      acceptLanguage: request.headers.get('accept-language'),
    });
    // next-intl reads the cookie first; handing it our decision keeps one source of truth.
    request.cookies.set(LOCALE_COOKIE, chosen);
  }
  const guarded = locale ? guard(request, locale) : { response: null, dropSession: false };
  const response = guarded.response ?? intl(request);
  useAppOrigin(response);
  response.headers.set('Content-Security-Policy', policy);
  if (guarded.dropSession) response.cookies.set(SESSION_COOKIE, '', { path: '/', maxAge: 0, httpOnly: true, sameSite: 'lax' });
  if (!request.cookies.get(XSRF_COOKIE)?.value) {
    response.cookies.set(XSRF_COOKIE, randomToken(), { path: '/', sameSite: 'lax', httpOnly: false, secure: request.nextUrl.protocol === 'https:' });
  }
  return response;
}

export const config = {
  // Everything except the API, Next internals, analytics proxy, build manifest, the dev mailbox and files with an extension.
  matcher: ['/((?!api|_next|_vercel|ingest|builds|dev/|.*\\..*).*)'],
};
