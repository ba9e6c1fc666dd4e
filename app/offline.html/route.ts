// GET /offline.html?lang=sk|cs|en — the branded offline page the service worker stores and shows for pages it has no copy of
import { isLocale } from '@/lib/i18n/routing';
import { offlinePageHtml } from '@/lib/server/offline-page';

export async function GET(request: Request) {
  const lang = new URL(request.url).searchParams.get('lang');
  return new Response(offlinePageHtml(isLocale(lang) ? lang : 'sk'), {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' },
  });
}
