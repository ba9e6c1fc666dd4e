import { getTranslations } from 'next-intl/server';
import { ConsoleLink } from './console-link';

/** The screens of one event in the console, the current one marked (one at a time); `settlement` (owners: the 'payouts' capability) adds its settlement. */
export async function EventTabs({ eventId, settlement = false }: { eventId: string; settlement?: boolean }) {
  const t = await getTranslations('organiser.eventTabs');
  const tAnnouncements = await getTranslations('notifications.announcements');
  const tn = await getTranslations('namedTickets.organiser');
  const tq = await getTranslations('queue.organiser');
  const params = { eventId };
  return (
    <nav aria-label={t('label')} data-tab-row className="-mx-1 overflow-x-auto">
      <ul className="flex gap-1 px-1">
        <li>
          <ConsoleLink href={{ pathname: '/organiser/events/[eventId]', params }} exact>{t('details')}</ConsoleLink>
        </li>
        <li>
          <ConsoleLink href={{ pathname: '/organiser/events/[eventId]/prices', params }}>{t('prices')}</ConsoleLink>
        </li>
        <li>
          <ConsoleLink href={{ pathname: '/organiser/events/[eventId]/seats', params }}>{t('seats')}</ConsoleLink>
        </li>
        <li>
          <ConsoleLink href={{ pathname: '/organiser/events/[eventId]/images', params }}>{t('images')}</ConsoleLink>
        </li>
        <li>
          <ConsoleLink href={{ pathname: '/organiser/events/[eventId]/resale', params }}>{t('resale')}</ConsoleLink>
        </li>
        <li>
          <ConsoleLink href={{ pathname: '/organiser/events/[eventId]/named-tickets', params }}>{tn('tab')}</ConsoleLink>
        </li>
        <li>
          <ConsoleLink href={{ pathname: '/organiser/events/[eventId]/waiting-room', params }}>{tq('tab')}</ConsoleLink>
        </li>
        <li>
          <ConsoleLink href={{ pathname: '/organiser/events/[eventId]/report', params }}>{t('report')}</ConsoleLink>
        </li>
        <li>
          <ConsoleLink href={{ pathname: '/organiser/events/[eventId]/live', params }}>{t('live')}</ConsoleLink>
        </li>
        <li>
          <ConsoleLink href={{ pathname: '/organiser/events/[eventId]/announcements', params }}>{tAnnouncements('tab')}</ConsoleLink>
        </li>
        <li>
          <ConsoleLink href={{ pathname: '/organiser/events/[eventId]/feedback', params }}>{t('feedback')}</ConsoleLink>
        </li>
        {settlement && (
          <li>
            <ConsoleLink href={{ pathname: '/organiser/settlements', query: { event: eventId } }}>{t('settlement')}</ConsoleLink>
          </li>
        )}
      </ul>
    </nav>
  );
}
