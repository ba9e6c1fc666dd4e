import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { appUrl } from '@/lib/app-url';
import { getPathname } from '@/lib/i18n/navigation';
import { locales } from '@/lib/i18n/routing';

type Href = Parameters<typeof getPathname>[0]['href'];

/** Pages about one fan (cart, checkout, orders, tickets, profile) and the API are not for crawlers. */
const PRIVATE: Href[] = [
  { pathname: '/events/[id]/cart', params: { id: '*' } },
  { pathname: '/events/[id]/checkout', params: { id: '*' } },
  { pathname: '/orders/[id]', params: { id: '*' } },
  '/orders',
  '/tickets',
  '/profile',
  '/signin',
  '/signup',
  '/password-reset',
];

export default async function robots(): Promise<MetadataRoute.Robots> {
  await connection(); // APP_URL of the running server
  const disallow = ['/api/', ...locales.flatMap((locale) => PRIVATE.map((href) => decodeURIComponent(getPathname({ locale, href }))))];
  return {
    rules: { userAgent: '*', allow: '/', disallow },
    sitemap: `${appUrl()}/sitemap.xml`,
  };
}
