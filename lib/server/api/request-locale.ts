import 'server-only';
import { cookieFrom } from '@/lib/cookies';
import { matchAcceptLanguage } from '@/lib/i18n/resolve-locale';
import { defaultLocale, isLocale, LOCALE_COOKIE, type Locale } from '@/lib/i18n/routing';

/** The language of an API answer: Accept-Language first (the native app sends it), then the locale cookie. */
export function requestLocale(request: Request): Locale {
  const fromHeader = matchAcceptLanguage(request.headers.get('accept-language') ?? '');
  if (fromHeader) return fromHeader;
  const cookie = cookieValue(request, LOCALE_COOKIE);
  return isLocale(cookie) ? cookie : defaultLocale;
}

export function cookieValue(request: Request, name: string): string | null {
  return cookieFrom(request.headers.get('cookie'), name);
}
