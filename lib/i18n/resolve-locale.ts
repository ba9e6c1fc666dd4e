import { matchAcceptLanguage as matchAcceptLanguageOf } from './accept-language';
import { defaultLocale, isLocale, locales, type Locale } from './routing';

/**
 * The locale for a request that has no locale prefix: cookie i18n_redirected, then the best
 * match of Accept-Language, then the fallback (spec §1). The route prefix, when present,
 * always wins and never reaches this function.
 */
export function resolveLocale(input: { cookie?: string | null; acceptLanguage?: string | null }): Locale {
  if (isLocale(input.cookie)) return input.cookie;
  const fromHeader = matchAcceptLanguage(input.acceptLanguage ?? '');
  return fromHeader ?? defaultLocale;
}

/** The supported locale the browser prefers most, by q-value then order; null when none fits. */
export function matchAcceptLanguage(header: string): Locale | null {
  return matchAcceptLanguageOf(header, locales);
}

/** The locale prefix of a path, if it has one. */
export function localeOfPath(pathname: string): Locale | null {
  const first = pathname.split('/')[1];
  return isLocale(first) ? first : null;
}
