import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { GatewayActions } from '@/components/checkout/gateway-actions';
import { formatMoney } from '@/components/events/format';
import { getPathname, Link } from '@/lib/i18n/navigation';
import { isLocale, type Locale } from '@/lib/i18n/routing';
import { requireSignedIn } from '@/lib/server/auth/guard';
import { getPaymentForGateway } from '@/lib/server/orders/read';
import { activePaymentProvider } from '@/lib/server/payments';
import { signedGatewayNotice } from '@/lib/server/payments/test-gateway';

type Props = PageProps<'/[locale]/pay/[paymentId]'>;

export async function generateMetadata({ params }: Props) {
  const locale = (await params).locale;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : 'sk', namespace: 'gateway' });
  return { title: t('title'), robots: { index: false } };
}

async function Gateway({ locale, paymentId, searchParams }: { locale: Locale; paymentId: string; searchParams: Props['searchParams'] }) {
  const user = await requireSignedIn(locale, { pathname: '/pay/[paymentId]', params: { paymentId } });
  // The built-in gateway exists only while no real provider is configured.
  const payment = activePaymentProvider()?.name === 'test' ? await getPaymentForGateway({ user, paymentId, locale }) : null;
  if (!payment) notFound();
  const t = await getTranslations('gateway');
  const orderHref = { pathname: '/orders/[id]' as const, params: { id: payment.orderId } };
  if (!payment.payable) {
    // Finished, or replaced by a newer payment of the order (the fan changed the cart or checked out again).
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-6">
        <p data-testid="gateway-closed">{payment.status === 'pending' || payment.status === 'cancelled' ? t('replaced') : t('finished')}</p>
        <Link href={orderHref} className="mt-4 inline-block rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white">
          {t('toOrder')}
        </Link>
      </div>
    );
  }
  const app = (await searchParams).app === '1';
  const appReturn = `${getPathname({ locale, href: '/ios-payment-redirect' })}?orderId=${payment.orderId}`;
  const cart = getPathname({ locale, href: { pathname: '/events/[id]/cart', params: { id: payment.eventSlug } } });
  const returnTo = app
    ? { succeeded: appReturn, declined: appReturn, cancelled: appReturn }
    : { succeeded: getPathname({ locale, href: orderHref }), declined: `${cart}?payment=declined`, cancelled: `${cart}?payment=cancelled` };
  return (
    <div className="space-y-6 rounded-xl border border-slate-200 bg-white p-6">
      <p>{t('intro')}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-slate-600">{t('order')}</dt>
        <dd>{payment.eventTitle}</dd>
        <dt className="text-slate-600">{t('amount')}</dt>
        <dd className="text-xl font-bold tabular-nums" data-testid="gateway-amount">
          {formatMoney({ amount: payment.amount, currency: payment.currency }, locale)}
        </dd>
      </dl>
      <GatewayActions
        notices={{ succeeded: signedGatewayNotice(payment.id, 'succeeded'), declined: signedGatewayNotice(payment.id, 'declined'), cancelled: signedGatewayNotice(payment.id, 'cancelled') }}
        returnTo={returnTo}
      />
    </div>
  );
}

// The header reads the URL (usePathname), known here only at request time: this page may block.
export const instant = false;

export default async function GatewayPage({ params, searchParams }: Props) {
  const { locale: raw, paymentId } = await params;
  const locale: Locale = isLocale(raw) ? raw : 'sk';
  setRequestLocale(locale);
  const t = await getTranslations('gateway');
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <Suspense fallback={<div aria-busy="true" className="h-48 animate-pulse rounded-xl bg-slate-100" />}>
        <Gateway locale={locale} paymentId={paymentId} searchParams={searchParams} />
      </Suspense>
    </div>
  );
}
