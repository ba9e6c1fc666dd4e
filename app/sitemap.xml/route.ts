// GET /sitemap.xml — the sitemap index: one sitemap per language
import { connection } from 'next/server';
import { sitemapIndex } from '@/lib/server/events/sitemap';

export async function GET() {
  await connection(); // APP_URL of the running server, not of the build
  return new Response(sitemapIndex(), { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
