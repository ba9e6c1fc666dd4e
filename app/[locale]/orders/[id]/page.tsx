import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { OrderRefresher } from '@/components/checkout/order-refresher';
import { formatMoney } from '@/components/events/format';
import { PushPrompt } from '@/components/notifications/push-prompt';
import { PrintButton } from '@/components/orders/print-button';
import { Receipt } from '@/components/orders/receipt';
import { OrderDocuments } from '@/components/documents/order-documents';
import { Link } from '@/lib/i18n/navigation';
import { isLocale, type Locale } from '@/lib/i18n/routing';
import { requireSignedIn } from '@/lib/server/auth/guard';
import { getOrder } from '@/lib/server/orders/read';

type Props = PageProps<'/[locale]/orders/[id]'>;

export async function generateMetadata({ params }: Props) {
  const locale = (await params).locale;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : 'sk', namespace: 'orders' });
  return { title: t('title'), robots: { index: false } };
}

const tone = {
  paid: 'border-emerald-300 bg-emerald-50 text-emerald-950',
  pending: 'border-sky-300 bg-sky-50 text-sky-950',
  failed: 'border-red-300 bg-red-50 text-red-950',
} as const;

/** What of the order goes back to the fan, one line each (refunds of payments, a season's cancelled matches). */
function MoneyBackNotice({ id, title, footnote, children }: { id: string; title: string; footnote: string | null; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid={id}>
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      <ul className="mt-2 space-y-1">{children}</ul>
      {footnote && <p className="mt-2 text-sm">{footnote}</p>}
    </section>
  );
}

async function OrderForUser({ locale, id }: { locale: Locale; id: string }) {
  const user = await requireSignedIn(locale, { pathname: '/orders/[id]', params: { id } });
  const order = await getOrder({ user, orderId: id, locale });
  if (!order) notFound();
  const t = await getTranslations('orders');
  const receipt = await getTranslations('receipt');
  const money = (m: { amount: number; currency: 'EUR' | 'CZK' }) => formatMoney(m, locale);
  const refunding = order.refunds.some((refund) => refund.status === 'pending');
  const cancelled = await getTranslations('organiser.cancel.fanOrder');
  // Nothing was paid in money (credit, points or a coupon covered it all): there is no payment to speak of.
  const covered = order.total.amount === 0;
  const [title, text] = order.eventCancelled
    ? covered
      ? [cancelled('coveredTitle'), cancelled('coveredText')]
      : refunding
        ? [cancelled('refundingTitle'), cancelled('refundingText')]
        : [cancelled('refundedTitle'), cancelled('refundedText')]
    : order.refundedLate
      ? refunding
        ? [t('refundingTitle'), t('refundingText')]
        : [t('refundedTitle'), t('refundedText')]
      : order.result === 'paid'
        ? covered
          ? [t('coveredTitle'), t('coveredText')]
          : [t('paidTitle'), t('paidText')]
        : order.result === 'pending'
          ? [t('pendingTitle'), t('pendingText')]
          : [t('failedTitle'), t('failedText')];
  return (
    <div className="space-y-6">
      {order.result === 'pending' && <OrderRefresher />}
      <div role="status" className={`rounded-xl border p-4 ${tone[order.result]}`} data-print="hide" data-testid="order-result" data-result={order.result}>
        <h2 className="text-xl font-semibold">{title}</h2>
        <p className="mt-1">{text}</p>
      </div>
      {order.result === 'paid' && !order.eventCancelled && !order.refundedLate && <PushPrompt />}
      {order.refunds.length > 0 && (
        <MoneyBackNotice id="order-refunds" title={t('refunds.title')} footnote={!order.refundedLate && !order.eventCancelled ? t('refunds.why') : null}>
          {order.refunds.map((refund, i) => (
            <li key={i} data-status={refund.status}>
              {t(refund.status === 'pending' ? 'refunds.pending' : 'refunds.done', { amount: money(refund.amount) })}
            </li>
          ))}
        </MoneyBackNotice>
      )}
      {order.cancelledMatches.length > 0 && (
        <MoneyBackNotice id="order-cancelled-matches" title={t('cancelledMatches.title')} footnote={t('cancelledMatches.rest')}>
          {order.cancelledMatches.map((match, i) => (
            <li key={i} data-mode={match.mode} data-status={match.status}>
              {t(match.amount.amount === 0 ? 'cancelledMatches.none' : match.mode === 'credit' ? 'cancelledMatches.credit' : match.status === 'pending' ? 'cancelledMatches.pending' : 'cancelledMatches.done', {
                match: match.title,
                amount: money(match.amount),
              })}
            </li>
          ))}
        </MoneyBackNotice>
      )}
      <Receipt order={order} locale={locale} />
      <OrderDocuments userId={user.id} orderId={id} locale={locale} />
      <div className="flex flex-wrap gap-3" data-print="hide">
        <PrintButton label={receipt('print')} />
        {order.result === 'paid' || order.eventCancelled ? (
          <Link href="/tickets" className="rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white">
            {t('goToTickets')}
          </Link>
        ) : order.season ? (
          // A season hold is no match's cart: the seat is chosen again on the season's page.
          <Link href={{ pathname: '/seasons/[slug]', params: { slug: order.season.slug } }} className="rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white">
            {t('backToSeason')}
          </Link>
        ) : (
          <Link href={{ pathname: '/events/[id]/cart', params: { id: order.event.slug } }} className="rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white">
            {t('backToCart')}
          </Link>
        )}
        {order.result !== 'paid' && !order.eventCancelled && (
          <Link href="/tickets" className="rounded-lg border border-slate-300 px-5 py-3 font-medium">
            {t('goToTickets')}
          </Link>
        )}
        <Link href="/orders" className="rounded-lg border border-slate-300 px-5 py-3 font-medium">
          {receipt('allOrders')}
        </Link>
      </div>
    </div>
  );
}

// The header reads the URL (usePathname), only known at request time for /orders/{id}: allowed to block.
export const instant = false;

export default async function OrderPage({ params }: Props) {
  const { locale: raw, id } = await params;
  const locale: Locale = isLocale(raw) ? raw : 'sk';
  setRequestLocale(locale);
  const t = await getTranslations('orders');
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <Suspense fallback={<div aria-busy="true" className="h-48 animate-pulse rounded-xl bg-slate-100" />}>
        <OrderForUser locale={locale} id={id} />
      </Suspense>
    </div>
  );
}
