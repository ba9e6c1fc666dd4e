// The path of an internal page in a language, for code outside React (mails, payment return addresses,
// the API's answers, the Intl warm-up's list of event pages): the same paths lib/i18n/navigation.ts's getPathname
// gives pages, built from the one table of paths (./pathnames.ts) without next-intl, which needs Next's React and so
// cannot run in the production server's bundle of the hot API (scripts/build-api.mjs).
// tests/unit/pathname.test.ts holds the two to the same answers.
import { pathnames, type AppPathname } from './pathnames';
import type { Locale } from './locales';

type Href = AppPathname | { pathname: AppPathname; params?: Record<string, string | number>; query?: Record<string, string | number | undefined> };

/** '/podujatia/[id]' with { id: 'x' } → '/podujatia/x' (each part of a value encoded, its slashes kept, as next-intl does). */
function fill(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for [${name}] in ${template}`);
    return String(value).split('/').map(encodeURIComponent).join('/');
  });
}

export function getPathname({ locale, href }: { locale: Locale; href: Href }): string {
  const { pathname, params, query } = typeof href === 'string' ? { pathname: href, params: undefined, query: undefined } : href;
  const entry: string | Record<Locale, string> = pathnames[pathname];
  const localized = fill(typeof entry === 'string' ? entry : entry[locale], params);
  const path = localized === '/' ? `/${locale}` : `/${locale}${localized}`;
  const search = new URLSearchParams(Object.entries(query ?? {}).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]]))).toString();
  return search ? `${path}?${search}` : path;
}
