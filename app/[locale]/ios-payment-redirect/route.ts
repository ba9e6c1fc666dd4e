// GET /{locale}/ios-payment-redirect?orderId= — return URL of the native app's payments (spec §2, server-handled).
// Redirects to the app's deep link `${APP_URL_SCHEME}://payment-result?orderId=…&status=paid|pending|failed`
// (APP_URL_SCHEME, default `tribuna`), with the status read from the order, never from the query.
// Falls back to the web order page when `?web=1` is given, or when the request does not come from a
// phone or tablet (a desktop browser cannot open the app's scheme).
import { NextResponse } from 'next/server';
import { appUrl } from '@/lib/app-url';
import { getPathname } from '@/lib/i18n/navigation';
import { isLocale } from '@/lib/i18n/routing';
import { orderStatus } from '@/lib/server/orders/read';
import { siteRoute } from '@/lib/server/site-route';

const MOBILE = /iPhone|iPad|iPod|Android|Tribuna/i;

// While the database is away: 503 with Retry-After (siteRoute), the app's browser tries again.
export const GET = siteRoute(async (request: Request, { params }: { params: Promise<{ locale: string }> }) => {
  const raw = (await params).locale;
  const locale = isLocale(raw) ? raw : 'sk';
  const url = new URL(request.url);
  const orderId = url.searchParams.get('orderId') ?? '';
  const status = await orderStatus(orderId);
  // Absolute links name the public origin (APP_URL), never the address the server listens on.
  const home = new URL(getPathname({ locale, href: '/tickets' }), appUrl());
  if (!status) return NextResponse.redirect(home, 303);
  const web = new URL(getPathname({ locale, href: { pathname: '/orders/[id]', params: { id: orderId } } }), appUrl());
  const wantsWeb = url.searchParams.get('web') === '1' || !MOBILE.test(request.headers.get('user-agent') ?? '');
  if (wantsWeb) return NextResponse.redirect(web, 303);
  const scheme = (process.env.APP_URL_SCHEME || 'tribuna').replace(/[^a-z0-9+.-]/gi, '');
  const deepLink = `${scheme}://payment-result?orderId=${encodeURIComponent(orderId)}&status=${status}&locale=${locale}`;
  return new NextResponse(null, { status: 303, headers: { Location: deepLink, 'Cache-Control': 'no-store' } });
});
