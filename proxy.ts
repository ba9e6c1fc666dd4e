import createMiddleware from 'next-intl/middleware';
import type { NextRequest } from 'next/server';
import { localeOfPath, resolveLocale } from '@/lib/i18n/resolve-locale';
import { LOCALE_COOKIE, routing } from '@/lib/i18n/routing';

const intl = createMiddleware(routing);

/**
 * Locale choice (spec §1): the route prefix wins; otherwise our resolver (cookie i18n_redirected, then
 * Accept-Language, then sk) decides, and next-intl redirects to that language's translated path.
 */
export default function proxy(request: NextRequest) {
  if (!localeOfPath(request.nextUrl.pathname)) {
    const locale = resolveLocale({
      cookie: request.cookies.get(LOCALE_COOKIE)?.value,
      acceptLanguage: request.headers.get('accept-language'),
    });
    // next-intl reads the cookie first; handing it our decision keeps one source of truth.
    request.cookies.set(LOCALE_COOKIE, locale);
  }
  return intl(request);
}

export const config = {
  // Everything except the API, Next internals, analytics proxy, build manifest and files with an extension.
  matcher: ['/((?!api|_next|_vercel|ingest|builds|.*\\..*).*)'],
};
