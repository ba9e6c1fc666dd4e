import { getTranslations } from 'next-intl/server';
import { ConsoleFrame } from '@/components/organiser/console-frame';
import { redirect } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { consolePage } from '@/lib/server/organiser/console';
import { orgScreenMetadata, orgScreenPage } from './console-page';

export const generateMetadata = orgScreenMetadata('/organiser', 'organiser.title');

/** The console's entry: owners and managers go to their events; a scanner is told where the gate is. */
async function ConsoleHome({ locale }: { locale: Locale }) {
  const access = await consolePage(locale, '/organiser', 'events');
  if (access.ok) redirect({ href: '/organiser/events', locale });
  return <ConsoleFrame access={access} title={(await getTranslations('organiser'))('title')} />;
}

export default orgScreenPage(ConsoleHome);
