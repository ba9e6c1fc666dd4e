import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { formatMoney } from '@/components/events/format';
import { formatDateTime } from '@/components/tickets/format';
import { Link } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/i18n/metadata';
import { isLocale, type Locale } from '@/lib/i18n/routing';
import { requireSignedIn } from '@/lib/server/auth/guard';
import { listMyOrders } from '@/lib/server/orders/list';
import type { OrderSummary } from '@/lib/schemas/orders';

type Props = PageProps<'/[locale]/orders'>;

export async function generateMetadata({ params }: Props) {
  const raw = (await params).locale;
  const locale: Locale = isLocale(raw) ? raw : 'sk';
  const t = await getTranslations({ locale, namespace: 'myOrders' });
  return { ...pageMetadata({ locale, href: '/orders', title: t('title') }), robots: { index: false } };
}

const statusTone: Record<OrderSummary['status'], string> = {
  paid: 'bg-emerald-100 text-emerald-950',
  pending: 'bg-sky-100 text-sky-950',
  failed: 'bg-red-100 text-red-950',
  cancelled: 'bg-slate-200 text-slate-900',
  refunded: 'bg-amber-100 text-amber-950',
};

async function OrdersForUser({ locale, searchParams }: { locale: Locale; searchParams: Props['searchParams'] }) {
  const cursorParam = (await searchParams).cursor;
  const cursor = typeof cursorParam === 'string' && cursorParam.length <= 200 ? cursorParam : undefined;
  const user = await requireSignedIn(locale, cursor ? { pathname: '/orders', query: { cursor } } : '/orders');
  const result = await listMyOrders({ user, locale, cursor });
  const t = await getTranslations('myOrders');
  const receipt = await getTranslations('receipt');
  if (!result.ok) {
    return (
      <p className="rounded-xl bg-white p-6" role="status">
        {t('badPage')} <Link href="/orders" className="font-medium text-emerald-800 underline">{t('firstPage')}</Link>
      </p>
    );
  }
  const { orders, nextCursor } = result.list;
  if (!orders.length) {
    return (
      <div className="space-y-4 rounded-xl bg-white p-6" data-testid="orders-empty">
        <p>{cursor ? t('noMore') : t('empty')}</p>
        <Link href="/events" className="inline-block rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white hover:bg-emerald-700">
          {t('browse')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul className="space-y-3" data-testid="orders-list">
        {orders.map((order) => (
          <li key={order.id}>
            <Link
              href={{ pathname: '/orders/[id]', params: { id: order.id } }}
              className="block rounded-xl border border-slate-200 bg-white p-4 hover:border-emerald-700"
              data-testid="order-row"
              data-order-id={order.id}
            >
              <span className="flex flex-wrap items-start justify-between gap-2">
                <span className="font-semibold">{order.season ? t('season', { name: order.season.name }) : order.event.title}</span>
                <span className={`rounded-full px-3 py-0.5 text-sm font-medium ${statusTone[order.status]}`} data-testid="order-status" data-status={order.status}>
                  {receipt(`statuses.${order.status}`)}
                </span>
              </span>
              <span className="mt-1 flex flex-wrap items-end justify-between gap-2 text-sm text-slate-700">
                <span>
                  {t('ordered', { date: formatDateTime(order.createdAt, locale) })}
                  <br />
                  {t('numberAndCount', { number: order.number, count: order.ticketCount })}
                  {order.packages.map((pkg, n) => (
                    <span key={n} className="block" data-testid="order-package">
                      {t('package', { name: pkg.name, count: pkg.tickets })}
                    </span>
                  ))}
                </span>
                <span className="text-base font-semibold text-slate-900 tabular-nums">{formatMoney(order.total, locale)}</span>
              </span>
            </Link>
            {order.season && (
              // The season, not its first match: the row is the order, this link the season's page.
              <Link
                href={{ pathname: '/seasons/[slug]', params: { slug: order.season.slug } }}
                className="mt-1 inline-flex min-h-11 items-center px-4 text-sm font-medium text-emerald-800 underline"
                data-testid="order-season-link"
              >
                {t('seasonLink', { name: order.season.name })}
              </Link>
            )}
          </li>
        ))}
      </ul>
      {(cursor || nextCursor) && (
        <nav aria-label={t('pages')} className="flex flex-wrap gap-3">
          {cursor && (
            <Link href="/orders" className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium">
              {t('newest')}
            </Link>
          )}
          {nextCursor && (
            <Link href={{ pathname: '/orders', query: { cursor: nextCursor } }} className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium" data-testid="orders-older">
              {t('older')}
            </Link>
          )}
        </nav>
      )}
    </>
  );
}

export default async function MyOrdersPage({ params, searchParams }: Props) {
  const raw = (await params).locale;
  const locale: Locale = isLocale(raw) ? raw : 'sk';
  setRequestLocale(locale);
  const t = await getTranslations('myOrders');
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="text-slate-700">{t('lead')}</p>
      <Suspense fallback={<div aria-busy="true" className="h-48 animate-pulse rounded-xl bg-slate-100" />}>
        <OrdersForUser locale={locale} searchParams={searchParams} />
      </Suspense>
    </div>
  );
}
