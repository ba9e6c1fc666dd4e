import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ConsoleFrame } from '@/components/organiser/console-frame';
import { SupportDesk } from '@/components/support/support-desk';
import type { Locale } from '@/lib/i18n/routing';
import { consolePage } from '@/lib/server/organiser/console';
import { supportEvents } from '@/lib/server/support/desk';
import { orgScreenMetadata, orgScreenPage } from '../console-page';

export const generateMetadata = orgScreenMetadata('/organiser/support', 'support.title');

/** The support desk of the current organisation: owners and managers find its orders and act on them; a scanner is told the role does not allow it. */
async function SupportScreen({ locale }: { locale: Locale }) {
  const access = await consolePage(locale, '/organiser/support', 'support');
  const t = await getTranslations('support');
  if (!access.ok) return <ConsoleFrame access={access} title={t('title')} />;
  const events = await supportEvents(access.context.user, access.org.id, locale);
  if (!events.ok) notFound();
  return (
    <ConsoleFrame access={access} title={t('title')}>
      <p className="max-w-3xl text-slate-700">{t('intro')}</p>
      <SupportDesk organisation={access.org.id} events={events.events} />
    </ConsoleFrame>
  );
}

export default orgScreenPage(SupportScreen);
