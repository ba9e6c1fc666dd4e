import { notFound } from 'next/navigation';
import { Suspense, type ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { ClientMessages } from '@/lib/i18n/client-messages';
import { pageMetadata } from '@/lib/i18n/metadata';
import { isLocale, type Locale } from '@/lib/i18n/routing';
import { cachedEventDetail } from '@/lib/server/events';

// The frame shared by the buying steps of one event (cart, checkout): the step's title over the
// event's, and the signed-in part streamed in below.
type Step = 'cart' | 'checkout';

/** The messages the client components of the buying steps and the feedback form read (lib/i18n/client-messages.tsx). */
export const BUYING_NAMESPACES = ['event', 'seatMap', 'auth', 'resaleBuying', 'cart', 'checkout', 'waitingList', 'feedback', 'namedTickets', 'packages.fan', 'packages.cart', 'packages.errors', 'concessions', 'documents.ui.checkout', 'documents.errors'];

export function stepParams({ locale, id }: { locale: string; id: string }): { locale: Locale; id: string } {
  return { locale: isLocale(locale) ? locale : 'sk', id };
}

export async function eventStepMetadata(params: Promise<{ locale: string; id: string }>, step: Step) {
  const { locale, id } = stepParams(await params);
  const t = await getTranslations({ locale, namespace: step });
  // The steps are the fan's own: never in search results.
  return { ...pageMetadata({ locale, href: { pathname: `/events/[id]/${step}` as const, params: { id } }, title: t('title') }), robots: { index: false } };
}

export async function EventStep({ locale, id, step, skeletonHeight, children }: { locale: Locale; id: string; step: Step; skeletonHeight: string; children: ReactNode }) {
  const detail = id.length <= 120 ? await cachedEventDetail(id) : null;
  if (!detail) notFound();
  const t = await getTranslations(step);
  return (
    <ClientMessages locale={locale} namespaces={BUYING_NAMESPACES}>
      <div className="mx-auto max-w-3xl space-y-6">
        <div>
          <h1 className="text-3xl font-bold">{t('title')}</h1>
          <p className="mt-1 text-slate-700">{detail.title[locale]}</p>
        </div>
        <Suspense fallback={<div aria-busy="true" className={`${skeletonHeight} animate-pulse rounded-xl bg-slate-100`} />}>{children}</Suspense>
      </div>
    </ClientMessages>
  );
}
