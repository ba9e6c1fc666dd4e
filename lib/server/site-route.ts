import 'server-only';
import { isLocale } from '@/lib/i18n/routing';
import { requestLocale } from '@/lib/server/api/request-locale';
import { translator } from '@/lib/server/api/translate';
import { isDatabaseUnavailable, UNAVAILABLE_HEADERS } from '@/lib/server/db/unavailable';

/**
 * Wraps a route handler outside the API (the native app's payment return, a language's sitemap, the
 * demo's mailbox): an unreachable database is 503 with Retry-After and the translated sentence — a
 * phone's browser, a crawler or a person reads it — as the API answers it in JSON (apiRoute). Anything
 * else is thrown as before: Next's notFound() and redirect() work as ever, and a bug stays a 500.
 */
export function siteRoute<Rest extends unknown[]>(handler: (request: Request, ...rest: Rest) => Promise<Response>) {
  return async (request: Request, ...rest: Rest): Promise<Response> => {
    try {
      return await handler(request, ...rest);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      // The page's language is in its path (/cs/…); the mailbox has none, so the browser's.
      const first = new URL(request.url).pathname.split('/')[1];
      const t = translator(isLocale(first) ? first : requestLocale(request));
      return new Response(t('errors.unavailable'), { status: 503, headers: { ...UNAVAILABLE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });
    }
  };
}
