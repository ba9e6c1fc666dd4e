import { getTranslations } from 'next-intl/server';
import { EventFrame } from '@/components/organiser/event-frame';
import { ExportLinks } from '@/components/organiser/export-links';
import { LiveBoard } from '@/components/organiser/live-board';
import type { Locale } from '@/lib/i18n/routing';
import { liveView } from '@/lib/server/reports/live';
import { eventScreen, eventScreenMetadata, eventScreenPage } from '../../../console-page';
import { TitledSection } from '@/components/ui/titled-section';

export const generateMetadata = eventScreenMetadata('/organiser/events/[eventId]/live', 'organiser.live.title');

/**
 * The match-day live view (first figures rendered here, then polled by the browser) and the event's exports:
 * figures first, one set of them (the head shows no sold count of its own) and no destructive action
 * (cancelling is on the event's overview).
 */
async function LiveScreen({ locale, eventId }: { locale: Locale; eventId: string }) {
  const { access, event, cancellation } = await eventScreen(locale, '/organiser/events/[eventId]/live', eventId);
  const t = await getTranslations('organiser.live');
  const live = access.ok && event ? await liveView(access.context.user.id, eventId, locale) : null;
  return (
    <EventFrame access={access} event={event} cancellation={cancellation} deniedTitle={t('title')} figures>
      {live?.ok && (
        <div className="space-y-6">
          <TitledSection id="live-title" title={t('title')} className="space-y-4">
            {/* TanStack Query comes from the organiser layout. */}
            <LiveBoard eventId={eventId} initial={live.live} />
            <p className="max-w-2xl text-slate-700">{t('intro')}</p>
          </TitledSection>
          <ExportLinks eventId={eventId} />
        </div>
      )}
    </EventFrame>
  );
}

// The header reads the URL (usePathname), only known at request time for /organiser/events/{id}/…: allowed to block.
export const instant = false;

export default eventScreenPage(LiveScreen);
