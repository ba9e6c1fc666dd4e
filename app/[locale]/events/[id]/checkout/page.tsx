import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CheckoutForm } from '@/components/checkout/checkout-form';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { requireSignedIn } from '@/lib/server/auth/guard';
import { getCart } from '@/lib/server/cart';
import { getCartHolders } from '@/lib/server/named-tickets/holders';
import { EventStep, eventStepMetadata, stepParams } from '../event-step';

type Props = PageProps<'/[locale]/events/[id]/checkout'>;

export function generateMetadata({ params }: Props) {
  return eventStepMetadata(params, 'checkout');
}

async function CheckoutForUser({ locale, id }: { locale: Locale; id: string }) {
  const user = await requireSignedIn(locale, { pathname: '/events/[id]/checkout', params: { id } });
  const [result, holders, t] = await Promise.all([getCart({ user, eventRef: id, locale }), getCartHolders({ user, eventRef: id }), getTranslations('checkout')]);
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
  return (
    <CheckoutForm
      eventId={id}
      cart={result.cart}
      buyer={{ name: `${user.firstName} ${user.lastName}`.trim(), email: user.email }}
      holders={holders.ok ? holders.holders : []}
    />
  );
}

export default async function CheckoutPage({ params }: Props) {
  const { locale, id } = stepParams(await params);
  setRequestLocale(locale);
  return (
    <EventStep locale={locale} id={id} step="checkout" skeletonHeight="h-64">
      <CheckoutForUser locale={locale} id={id} />
    </EventStep>
  );
}
