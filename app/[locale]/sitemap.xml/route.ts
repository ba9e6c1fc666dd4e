// GET /{locale}/sitemap.xml — that language's public pages and every published upcoming event, with hreflang alternates
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { isLocale } from '@/lib/i18n/routing';
import { localeSitemap } from '@/lib/server/events/sitemap';
import { siteRoute } from '@/lib/server/site-route';

// While the database is away: 503 with Retry-After (siteRoute), which crawlers take as "come back later".
export const GET = siteRoute(async (_request: Request, { params }: { params: Promise<{ locale: string }> }) => {
  await connection(); // request time only: the build has no database
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  return new Response(await localeSitemap(locale), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  });
});
