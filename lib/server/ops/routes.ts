// The route a request is counted and logged under: an API operation's path template (answered by the hot
// API's bundle, which knows every operation), a page's internal route (`/[locale]/events/[id]` for
// `/sk/podujatia/derby`), or one of a few groups. Never the raw path: Prometheus labels must stay few.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { locales, pathnames } from '@/lib/i18n/routing';

type Matcher = (pathname: string) => string | null;

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every page path of every language → its internal route, exact ones in a map, dynamic ones as patterns. */
function pageMatcher(): Matcher {
  const exact = new Map<string, string>();
  const patterns: [RegExp, string][] = [];
  for (const [internal, translated] of Object.entries(pathnames)) {
    for (const locale of locales) {
      const shown = typeof translated === 'string' ? translated : translated[locale];
      const route = internal === '/' ? '/[locale]' : `/[locale]${internal}`;
      const full = shown === '/' ? `/${locale}` : `/${locale}${shown}`;
      if (!full.includes('[')) exact.set(full, route);
      else patterns.push([new RegExp(`^${full.split(/\[[^\]]+\]/).map(escape).join('[^/]+')}$`), route]);
    }
  }
  return (pathname) => {
    const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
    const known = exact.get(trimmed);
    if (known) return known;
    for (const [pattern, route] of patterns) if (pattern.test(trimmed)) return route;
    return null;
  };
}

/** The public folder's top level: a file is its own route, a folder one group (`/images/*`). */
function publicFiles(): Map<string, string> {
  const files = new Map<string, string>();
  try {
    const dir = path.join(/*turbopackIgnore: true*/ process.cwd(), 'public');
    for (const name of readdirSync(dir)) files.set(`/${name}`, statSync(path.join(dir, name)).isDirectory() ? `/${name}/*` : `/${name}`);
  } catch {
    // No public folder: nothing of it to name.
  }
  return files;
}

/** Groups by a path's start, tried in order. */
const PREFIXES: [string, string][] = [
  ['/_next/static/', '/_next/static/*'],
  ['/_next/image', '/_next/image'],
  ['/_next/', '/_next/*'],
  ['/media/', '/media/*'],
  ['/builds/', '/builds/*'],
  ['/dev/', '/dev/*'],
];

/**
 * Returns routeOf(method, pathname). `apiRouteOf` answers an API path's operation template (or null);
 * everything else is a page route, a static group, or 'unmatched'.
 */
export function createRouteOf(apiRouteOf: (method: string, pathname: string) => string | null): (method: string, pathname: string) => string {
  const pages = pageMatcher();
  const statics = publicFiles();
  return (method, pathname) => {
    if (pathname.startsWith('/api/')) return apiRouteOf(method, pathname) ?? '/api/*';
    for (const [prefix, route] of PREFIXES) if (pathname.startsWith(prefix)) return route;
    if (pathname === '/') return '/';
    const page = pages(pathname);
    if (page) return page;
    const file = statics.get(pathname) ?? statics.get(pathname.slice(0, pathname.indexOf('/', 1) + 1 || undefined).replace(/\/$/, ''));
    if (file) return file;
    if (/^\/(robots\.txt|sitemap\.xml|favicon\.ico)$/.test(pathname)) return pathname;
    if (/^\/[a-z]{2}\/sitemap\.xml$/.test(pathname)) return '/[locale]/sitemap.xml';
    return 'unmatched';
  };
}
