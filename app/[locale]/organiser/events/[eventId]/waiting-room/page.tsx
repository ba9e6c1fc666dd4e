import { getTranslations } from 'next-intl/server';
import { PlayedLock } from '@/components/organiser/played-lock';
import { EventFrame } from '@/components/organiser/event-frame';
import { WaitingRoomForm } from '@/components/queue/waiting-room-form';
import type { Locale } from '@/lib/i18n/routing';
import { getWaitingRoom } from '@/lib/server/queue/organiser';
import { eventScreen, eventScreenMetadata, eventScreenPage } from '../../../console-page';
import { TitledSection } from '@/components/ui/titled-section';

export const generateMetadata = eventScreenMetadata('/organiser/events/[eventId]/waiting-room', 'queue.organiser.title');

/** A queued on-sale: the waiting room's settings, presale codes and live figures (owners and managers). */
async function WaitingRoomScreen({ locale, eventId }: { locale: Locale; eventId: string }) {
  const { access, event } = await eventScreen(locale, '/organiser/events/[eventId]/waiting-room', eventId);
  const t = await getTranslations('queue.organiser');
  const room = access.ok && event ? await getWaitingRoom(access.context.user.id, { kind: 'event', id: eventId }) : null;
  return (
    <EventFrame access={access} event={event} deniedTitle={t('title')}>
      {room?.ok && (
        <TitledSection id="waiting-room-title" title={t('title')} className="space-y-4">
          <p className="max-w-2xl text-slate-700">{t('intro')}</p>
          <PlayedLock played={event?.played ?? false}>
            <WaitingRoomForm url={`/api/v1/organiser/events/${eventId}/waiting-room`} codesFile={eventId} initial={{ room: room.room, defaultRatePerMinute: room.defaultRatePerMinute }} />
          </PlayedLock>
        </TitledSection>
      )}
    </EventFrame>
  );
}

// The header reads the URL (usePathname), only known at request time for /organiser/events/{id}/…: allowed to block.
export const instant = false;

export default eventScreenPage(WaitingRoomScreen);
