import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { CartView } from '@/components/cart/cart-view';
import type { Locale } from '@/lib/i18n/routing';
import { requireSignedIn } from '@/lib/server/auth/guard';
import { getCart } from '@/lib/server/cart';
import { EventStep, eventStepMetadata, stepParams } from '../event-step';

type Props = PageProps<'/[locale]/events/[id]/cart'>;

export function generateMetadata({ params }: Props) {
  return eventStepMetadata(params, 'cart');
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
  const { locale, id } = stepParams(await params);
  setRequestLocale(locale);
  return (
    <EventStep locale={locale} id={id} step="cart" skeletonHeight="h-48">
      <CartForUser locale={locale} id={id} searchParams={searchParams} />
    </EventStep>
  );
}
