import { getTranslations } from 'next-intl/server';
import { PlayedLock } from '@/components/organiser/played-lock';
import { EventFrame } from '@/components/organiser/event-frame';
import { SeatBlocker } from '@/components/organiser/venues/seat-blocker';
import type { Locale } from '@/lib/i18n/routing';
import { eventSeats } from '@/lib/server/events/seat-blocks';
import { eventScreen, eventScreenMetadata, eventScreenPage } from '../../../console-page';
import { TitledSection } from '@/components/ui/titled-section';

export const generateMetadata = eventScreenMetadata('/organiser/events/[eventId]/seats', 'organiser.seats.title');

/** Blocking and releasing an event's seats on its map (or by row). */
async function Seats({ locale, eventId }: { locale: Locale; eventId: string }) {
  const { access, event } = await eventScreen(locale, '/organiser/events/[eventId]/seats', eventId);
  const t = await getTranslations('organiser.seats');
  const result = access.ok && event ? await eventSeats(access.context.user.id, eventId) : null;
  const seats = result?.ok ? result.seats : null;
  return (
    <EventFrame access={access} event={event} deniedTitle={t('title')}>
      <TitledSection id="seats-title" title={t('title')} className="space-y-4">
        {seats && seats.sections.length > 0 ? (
          <PlayedLock played={event?.played ?? false}>
            <SeatBlocker eventId={eventId} seats={seats} locale={locale} />
          </PlayedLock>
        ) : (
          <p className="text-slate-700">{t('noLayout')}</p>
        )}
      </TitledSection>
    </EventFrame>
  );
}

// The id is only known at request time (like /orders/{id}): the page may block on it.
export const instant = false;

export default eventScreenPage(Seats);
