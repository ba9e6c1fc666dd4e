import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CheckoutForm } from '@/components/checkout/checkout-form';
import { Link } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/i18n/metadata';
import { isLocale, type Locale } from '@/lib/i18n/routing';
import { requireSignedIn } from '@/lib/server/auth/guard';
import { getCart } from '@/lib/server/cart/service';
import { cachedEventDetail } from '@/lib/server/events';

type Props = PageProps<'/[locale]/events/[id]/checkout'>;

export async function generateMetadata({ params }: Props) {
  const { locale: raw, id } = await params;
  const locale: Locale = isLocale(raw) ? raw : 'sk';
  const t = await getTranslations({ locale, namespace: 'checkout' });
  return { ...pageMetadata({ locale, href: { pathname: '/events/[id]/checkout', params: { id } }, title: t('title') }), robots: { index: false } };
}

async function CheckoutForUser({ locale, id }: { locale: Locale; id: string }) {
  const user = await requireSignedIn(locale, { pathname: '/events/[id]/checkout', params: { id } });
  const [result, t] = await Promise.all([getCart({ user, eventRef: id, locale }), getTranslations('checkout')]);
  if (!result.ok) notFound();
  if (!result.cart.count) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-6">
        <p>{t('empty')}</p>
        <Link href={{ pathname: '/events/[id]/cart', params: { id } }} className="mt-4 inline-block rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white">
          {t('backToCart')}
        </Link>
      </div>
    );
  }
  return <CheckoutForm eventId={id} cart={result.cart} buyer={{ name: `${user.firstName} ${user.lastName}`.trim(), email: user.email }} />;
}

export default async function CheckoutPage({ params }: Props) {
  const { locale: raw, id } = await params;
  const locale: Locale = isLocale(raw) ? raw : 'sk';
  setRequestLocale(locale);
  const detail = id.length <= 120 ? await cachedEventDetail(id) : null;
  if (!detail) notFound();
  const t = await getTranslations('checkout');
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold">{t('title')}</h1>
        <p className="mt-1 text-slate-700">{detail.title[locale]}</p>
      </div>
      <Suspense fallback={<div aria-busy="true" className="h-64 animate-pulse rounded-xl bg-slate-100" />}>
        <CheckoutForUser locale={locale} id={id} />
      </Suspense>
    </div>
  );
}
