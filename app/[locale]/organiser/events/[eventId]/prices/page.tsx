import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { ConsoleSkeleton } from '@/components/organiser/console-frame';
import { EventFrame } from '@/components/organiser/event-frame';
import { PriceCategories } from '@/components/organiser/events/price-categories';
import { isUuid } from '@/lib/ids';
import type { Locale } from '@/lib/i18n/routing';
import { consoleEventPage } from '@/lib/server/organiser/console';
import { listPriceCategories } from '@/lib/server/events/price-categories';
import { concessionsOfEvent } from '@/lib/server/concessions/prices';
import { ConcessionPrices } from '@/components/organiser/events/concession-prices';
import { consoleMetadata } from '../../../metadata';

export async function generateMetadata({ params }: PageProps<'/[locale]/organiser/events/[eventId]/prices'>) {
  const { locale, eventId } = await params;
  return consoleMetadata(locale as Locale, { pathname: '/organiser/events/[eventId]/prices', params: { eventId } }, 'organiser.prices.title');
}

/** The event's price categories and which venue sections each sells. */
async function Prices({ params }: Pick<PageProps<'/[locale]/organiser/events/[eventId]/prices'>, 'params'>) {
  const { eventId, ...rest } = await params;
  const locale = rest.locale as Locale;
  setRequestLocale(locale);
  if (!isUuid(eventId)) notFound();
  const { access, event } = await consoleEventPage(locale, { pathname: '/organiser/events/[eventId]/prices', params: { eventId } }, eventId);
  const t = await getTranslations('organiser.prices');
  if (!access.ok || !event) {
    return (
      <EventFrame access={access} event={event} deniedTitle={t('title')}>
        {null}
      </EventFrame>
    );
  }
  const listing = await listPriceCategories(access.context.user.id, eventId);
  if (!listing.ok) notFound();
  return (
    <EventFrame access={access} event={event} deniedTitle={t('title')}>
      <div className="space-y-1">
        <h2 className="text-xl font-semibold">{t('title')}</h2>
        <p className="text-slate-700">{t('lead')}</p>
      </div>
      <PriceCategories eventId={eventId} currency={event.currency} categories={listing.categories} sections={listing.sections} />
      <ConcessionPrices
        eventId={eventId}
        currency={event.currency}
        categories={listing.categories.map((category) => ({ id: category.id, name: category.name }))}
        concessions={await concessionsOfEvent(eventId)}
      />
    </EventFrame>
  );
}

export default function EventPricesPage({ params }: PageProps<'/[locale]/organiser/events/[eventId]/prices'>) {
  return (
    <Suspense fallback={<ConsoleSkeleton />}>
      <Prices params={params} />
    </Suspense>
  );
}
