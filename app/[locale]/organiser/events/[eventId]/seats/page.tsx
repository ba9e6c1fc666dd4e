import { Suspense } from 'react';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ConsoleSkeleton } from '@/components/organiser/console-frame';
import { EventFrame } from '@/components/organiser/event-frame';
import { SeatBlocker } from '@/components/organiser/venues/seat-blocker';
import { isUuid } from '@/lib/ids';
import type { Locale } from '@/lib/i18n/routing';
import { consoleEventPage } from '@/lib/server/organiser/console';
import { eventSeats } from '@/lib/server/events/seat-blocks';
import { consoleMetadata } from '../../../metadata';

type Props = PageProps<'/[locale]/organiser/events/[eventId]/seats'>;

export async function generateMetadata({ params }: Props) {
  const { locale, eventId } = await params;
  return consoleMetadata(locale as Locale, { pathname: '/organiser/events/[eventId]/seats', params: { eventId } }, 'organiser.seats.title');
}

/** Blocking and releasing an event's seats on its map (or by row). */
async function Seats({ locale, eventId }: { locale: Locale; eventId: string }) {
  if (!isUuid(eventId)) notFound();
  const { access, event } = await consoleEventPage(locale, { pathname: '/organiser/events/[eventId]/seats', params: { eventId } }, eventId);
  const t = await getTranslations('organiser.seats');
  const result = access.ok && event ? await eventSeats(access.context.user.id, eventId) : null;
  const seats = result?.ok ? result.seats : null;
  return (
    <EventFrame access={access} event={event} deniedTitle={t('title')}>
      <section aria-labelledby="seats-title" className="space-y-4">
        <h2 id="seats-title" className="text-xl font-semibold">
          {t('title')}
        </h2>
        {seats && seats.sections.length > 0 ? <SeatBlocker eventId={eventId} seats={seats} locale={locale} /> : <p className="text-slate-700">{t('noLayout')}</p>}
      </section>
    </EventFrame>
  );
}

// The id is only known at request time (like /orders/{id}): the page may block on it.
export const instant = false;

export default async function EventSeatsPage({ params }: Props) {
  const { locale, eventId } = await params;
  setRequestLocale(locale as Locale);
  return (
    <Suspense fallback={<ConsoleSkeleton />}>
      <Seats locale={locale as Locale} eventId={eventId} />
    </Suspense>
  );
}
