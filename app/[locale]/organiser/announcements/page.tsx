import { getTranslations } from 'next-intl/server';
import { ConsoleFrame } from '@/components/organiser/console-frame';
import { AnnouncementsPanel } from '@/components/notifications/announcements-panel';
import type { Locale } from '@/lib/i18n/routing';
import { listOrganisationAnnouncements } from '@/lib/server/notifications/announcements';
import { consolePage } from '@/lib/server/organiser/console';
import { orgScreenMetadata, orgScreenPage } from '../console-page';

export const generateMetadata = orgScreenMetadata('/organiser/announcements', 'notifications.announcements.organisation.title');

/** An announcement to everyone with a ticket to the organisation's coming events, how many it would reach, and the ones sent. */
async function OrganisationAnnouncementsScreen({ locale }: { locale: Locale }) {
  const access = await consolePage(locale, '/organiser/announcements', 'events');
  // The page is named like its link in the console's navigation; the panel's heading says whom it reaches.
  const t = await getTranslations('organiser.nav');
  if (!access.ok) return <ConsoleFrame access={access} title={t('announcements')} />;
  const list = await listOrganisationAnnouncements(access.context.user, access.org.id);
  return (
    <ConsoleFrame access={access} title={t('announcements')}>
      {list.ok && <AnnouncementsPanel target={{ orgId: access.org.id }} initial={list.announcements} audience={list.audience} />}
    </ConsoleFrame>
  );
}

export default orgScreenPage(OrganisationAnnouncementsScreen);
