import { Suspense } from 'react';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from 'next-intl/server';
import { AnnouncementsPanel } from '@/components/notifications/announcements-panel';
import { ConsoleSkeleton } from '@/components/organiser/console-frame';
import { EventFrame } from '@/components/organiser/event-frame';
import type { Locale } from '@/lib/i18n/routing';
import { isUuid } from '@/lib/ids';
import { listAnnouncements } from '@/lib/server/notifications/announcements';
import { consoleEventPage } from '@/lib/server/organiser/console';
import { consoleMetadata } from '../../../metadata';

type Props = PageProps<'/[locale]/organiser/events/[eventId]/announcements'>;

export async function generateMetadata({ params }: Props) {
  const { locale, eventId } = await params;
  return consoleMetadata(locale as Locale, { pathname: '/organiser/events/[eventId]/announcements', params: { eventId } }, 'notifications.announcements.title');
}

/** Announcements to the event's ticket holders, with their delivery counts. */
async function AnnouncementsScreen({ locale, eventId }: { locale: Locale; eventId: string }) {
  if (!isUuid(eventId)) notFound();
  const { access, event } = await consoleEventPage(locale, { pathname: '/organiser/events/[eventId]/announcements', params: { eventId } }, eventId);
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

export default async function AnnouncementsPage({ params }: Props) {
  const { locale, eventId } = await params;
  setRequestLocale(locale as Locale);
  return (
    <Suspense fallback={<ConsoleSkeleton />}>
      <AnnouncementsScreen locale={locale as Locale} eventId={eventId} />
    </Suspense>
  );
}
