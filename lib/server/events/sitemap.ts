import 'server-only';
import { appUrl } from '@/lib/app-url';
import { getPathname } from '@/lib/i18n/pathname';
import { locales, type Locale } from '@/lib/i18n/routing';
import { cachedSitemapEvents } from './catalogue';

type Href = Parameters<typeof getPathname>[0]['href'];

/** Public pages every language has (the fan's own pages — tickets, cart, profile — are not for search engines). */
const PUBLIC_PAGES: Href[] = ['/', '/events', '/about', '/terms', '/privacy'];

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

function entry(origin: string, locale: Locale, href: Href, lastModified?: string, priority?: string): string {
  const alternates = locales
    .map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(origin + getPathname({ locale: l, href }))}"/>`)
    .concat(`    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(origin + getPathname({ locale: 'sk', href }))}"/>`)
    .join('\n');
  return [
    '  <url>',
    `    <loc>${escapeXml(origin + getPathname({ locale, href }))}</loc>`,
    ...(lastModified ? [`    <lastmod>${lastModified}</lastmod>`] : []),
    ...(priority ? [`    <priority>${priority}</priority>`] : []),
    alternates,
    '  </url>',
  ].join('\n');
}

/** sitemap.xml of one language: its public pages and every published upcoming event, each with its hreflang alternates. */
export async function localeSitemap(locale: Locale): Promise<string> {
  const origin = appUrl();
  const events = await cachedSitemapEvents();
  const urls = [
    ...PUBLIC_PAGES.map((href) => entry(origin, locale, href, undefined, href === '/' ? '1.0' : '0.5')),
    ...events.map((e) => entry(origin, locale, { pathname: '/events/[id]', params: { id: e.id } }, e.updatedAt, '0.8')),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`;
}

/** /sitemap.xml: the index of the three language sitemaps. */
export function sitemapIndex(): string {
  const origin = appUrl();
  return `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${locales.map((l) => `  <sitemap>\n    <loc>${escapeXml(`${origin}/${l}/sitemap.xml`)}</loc>\n  </sitemap>`).join('\n')}
</sitemapindex>
`;
}
