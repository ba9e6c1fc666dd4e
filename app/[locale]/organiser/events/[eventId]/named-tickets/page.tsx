import { getTranslations } from 'next-intl/server';
import { PlayedLock } from '@/components/organiser/played-lock';
import { EventFrame } from '@/components/organiser/event-frame';
import { NamedTicketsForm } from '@/components/organiser/named-tickets-form';
import type { Locale } from '@/lib/i18n/routing';
import { getNamedTickets } from '@/lib/server/named-tickets/settings';
import { eventScreen, eventScreenMetadata, eventScreenPage } from '../../../console-page';
import { TitledSection } from '@/components/ui/titled-section';

export const generateMetadata = eventScreenMetadata('/organiser/events/[eventId]/named-tickets', 'namedTickets.organiser.title');

/** A risk match (Slovak act 1/2014): which tickets of the event are in their holders' names. */
async function NamedTicketsScreen({ locale, eventId }: { locale: Locale; eventId: string }) {
  const { access, event } = await eventScreen(locale, '/organiser/events/[eventId]/named-tickets', eventId);
  const t = await getTranslations('namedTickets.organiser');
  const settings = access.ok && event ? await getNamedTickets(access.context.user.id, eventId) : null;
  return (
    <EventFrame access={access} event={event} deniedTitle={t('title')}>
      {settings?.ok && (
        <TitledSection id="named-title" title={t('title')} className="space-y-4">
          <p className="max-w-2xl text-slate-700">{t('intro')}</p>
          <PlayedLock played={event?.played ?? false}>
            <NamedTicketsForm eventId={eventId} initial={{ namedTickets: settings.namedTickets, sections: settings.sections, namedCount: settings.namedCount, unnamedCount: settings.unnamedCount }} />
          </PlayedLock>
        </TitledSection>
      )}
    </EventFrame>
  );
}

// The header reads the URL (usePathname), only known at request time for /organiser/events/{id}/…: allowed to block.
export const instant = false;

export default eventScreenPage(NamedTicketsScreen);
