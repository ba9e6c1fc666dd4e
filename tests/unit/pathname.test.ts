// The server's link builder (lib/i18n/pathname.ts) gives the very paths next-intl's getPathname gives the
// pages, in every language: a mail's link opens the page it names.
import { getPathname as pagesPathname } from '@/lib/i18n/navigation';
import { getPathname } from '@/lib/i18n/pathname';
import { locales } from '@/lib/i18n/routing';

const HREFS = [
  '/',
  '/tickets',
  '/orders',
  '/profile',
  { pathname: '/orders/[id]', params: { id: '6f1c2a9e-0000-4000-8000-000000000001' } },
  { pathname: '/events/[id]/cart', params: { id: 'dunaj-bratislava-fc-kosice' } },
  { pathname: '/seasons/[slug]', params: { slug: 'sezóna 2026/27' } },
  { pathname: '/pay/[paymentId]', params: { paymentId: 'p_1' } },
  { pathname: '/password-reset/new', query: { token: 'a+b/c=d&e', email: 'fan+1@example.com' } },
  { pathname: '/notifications/unsubscribe', query: { token: 'x.y_z' } },
  { pathname: '/organiser/invitation', query: { token: 'ťoken' } },
] as const;

describe('links outside React', () => {
  it.each(locales.flatMap((locale) => HREFS.map((href) => [locale, href] as const)))('%s %j is the pages’ own path', (locale, href) => {
    expect(getPathname({ locale, href })).toBe(pagesPathname({ locale, href } as Parameters<typeof pagesPathname>[0]));
  });
});
