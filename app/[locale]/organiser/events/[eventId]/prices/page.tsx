import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { ConsoleSkeleton } from '@/components/organiser/console-frame';
import { EventFrame } from '@/components/organiser/event-frame';
import { PriceCategories } from '@/components/organiser/events/price-categories';
import { PlayedLock } from '@/components/organiser/played-lock';
import type { Locale } from '@/lib/i18n/routing';
import { listPriceCategories } from '@/lib/server/events/price-categories';
import { concessionsOfEvent } from '@/lib/server/concessions/prices';
import { ConcessionPrices } from '@/components/organiser/events/concession-prices';
import { eventScreen, eventScreenMetadata } from '../../../console-page';

export const generateMetadata = eventScreenMetadata('/organiser/events/[eventId]/prices', 'organiser.prices.title');

/** The event's price categories and which venue sections each sells. */
async function Prices({ params }: Pick<PageProps<'/[locale]/organiser/events/[eventId]/prices'>, 'params'>) {
  const { eventId, ...rest } = await params;
  const locale = rest.locale as Locale;
  setRequestLocale(locale);
  const { access, event } = await eventScreen(locale, '/organiser/events/[eventId]/prices', eventId);
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
      <PlayedLock played={event.played}>
        <PriceCategories eventId={eventId} currency={event.currency} categories={listing.categories} sections={listing.sections} />
        <ConcessionPrices
          eventId={eventId}
          currency={event.currency}
          categories={listing.categories.map((category) => ({ id: category.id, name: category.name }))}
          concessions={await concessionsOfEvent(eventId)}
        />
      </PlayedLock>
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
