import { defineRouting } from 'next-intl/routing';

import { defaultLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, locales } from './locales';
import { pathnames } from './pathnames';

// The languages themselves live in ./locales (what code that needs no paths imports, e.g. the fatal-error page).
export { defaultLocale, isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, locales, type Locale } from './locales';

export { pathnames, type AppPathname } from './pathnames';

export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: 'always',
  localeCookie: { name: LOCALE_COOKIE, maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: 'lax' },
  alternateLinks: true,
  pathnames,
});
