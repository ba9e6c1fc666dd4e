import { getTranslations } from 'next-intl/server';
import { AnnouncementsPanel } from '@/components/notifications/announcements-panel';
import { EventFrame } from '@/components/organiser/event-frame';
import type { Locale } from '@/lib/i18n/routing';
import { listAnnouncements } from '@/lib/server/notifications/announcements';
import { eventScreen, eventScreenMetadata, eventScreenPage } from '../../../console-page';

export const generateMetadata = eventScreenMetadata('/organiser/events/[eventId]/announcements', 'notifications.announcements.title');

/** Announcements to the event's ticket holders, with their delivery counts. */
async function AnnouncementsScreen({ locale, eventId }: { locale: Locale; eventId: string }) {
  const { access, event } = await eventScreen(locale, '/organiser/events/[eventId]/announcements', eventId);
  const t = await getTranslations('notifications.announcements');
  const list = access.ok && event ? await listAnnouncements(access.context.user, eventId) : null;
  return (
    <EventFrame access={access} event={event} deniedTitle={t('title')}>
      {list?.ok && <AnnouncementsPanel target={{ eventId }} initial={list.announcements} />}
    </EventFrame>
  );
}

// The header reads the URL (usePathname), only known at request time for /organiser/events/{id}/…: allowed to block.
export const instant = false;

export default eventScreenPage(AnnouncementsScreen);
