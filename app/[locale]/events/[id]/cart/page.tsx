import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CartView } from '@/components/cart/cart-view';
import { pageMetadata } from '@/lib/i18n/metadata';
import { isLocale, type Locale } from '@/lib/i18n/routing';
import { requireSignedIn } from '@/lib/server/auth/guard';
import { getCart } from '@/lib/server/cart/service';
import { cachedEventDetail } from '@/lib/server/events';

type Props = PageProps<'/[locale]/events/[id]/cart'>;

export async function generateMetadata({ params }: Props) {
  const { locale: raw, id } = await params;
  const locale: Locale = isLocale(raw) ? raw : 'sk';
  const t = await getTranslations({ locale, namespace: 'cart' });
  return { ...pageMetadata({ locale, href: { pathname: '/events/[id]/cart', params: { id } }, title: t('title') }), robots: { index: false } };
}

async function CartForUser({ locale, id, searchParams }: { locale: Locale; id: string; searchParams: Props['searchParams'] }) {
  // The proxy sends signed-out people to sign-in; this is the real check.
  const user = await requireSignedIn(locale, { pathname: '/events/[id]/cart', params: { id } });
  const result = await getCart({ user, eventRef: id, locale });
  if (!result.ok) notFound();
  const payment = (await searchParams).payment;
  const notice = payment === 'declined' || payment === 'cancelled' ? payment : null;
  return <CartView eventId={id} initialCart={result.cart} paymentNotice={notice} />;
}

export default async function CartPage({ params, searchParams }: Props) {
  const { locale: raw, id } = await params;
  const locale: Locale = isLocale(raw) ? raw : 'sk';
  setRequestLocale(locale);
  const detail = id.length <= 120 ? await cachedEventDetail(id) : null;
  if (!detail) notFound();
  const t = await getTranslations('cart');
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold">{t('title')}</h1>
        <p className="mt-1 text-slate-700">{detail.title[locale]}</p>
      </div>
      <Suspense fallback={<div aria-busy="true" className="h-48 animate-pulse rounded-xl bg-slate-100" />}>
        <CartForUser locale={locale} id={id} searchParams={searchParams} />
      </Suspense>
    </div>
  );
}
