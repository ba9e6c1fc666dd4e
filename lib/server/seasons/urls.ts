import 'server-only';
import { appUrl } from '@/lib/app-url';
import { getPathname } from '@/lib/i18n/pathname';
import type { Locale } from '@/lib/i18n/routing';
import type { CheckoutUrls } from '@/lib/server/orders/checkout';

/** Where a season-ticket payment returns: the order when paid, the season's page when given up. */
export function seasonCheckoutUrls(locale: Locale, seasonRef: string): CheckoutUrls {
  const absolute = (path: string) => `${appUrl()}${path}`;
  return {
    success: (orderId) => absolute(getPathname({ locale, href: { pathname: '/orders/[id]', params: { id: orderId } } })),
    cancel: () => absolute(`${getPathname({ locale, href: { pathname: '/seasons/[slug]', params: { slug: seasonRef } } })}?payment=cancelled`),
    gateway: (paymentId) => getPathname({ locale, href: { pathname: '/pay/[paymentId]', params: { paymentId } } }),
  };
}
