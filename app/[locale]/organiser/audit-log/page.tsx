import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ConsoleFrame } from '@/components/organiser/console-frame';
import { AuditLogView } from '@/components/support/audit-log-view';
import type { Locale } from '@/lib/i18n/routing';
import { consolePage } from '@/lib/server/organiser/console';
import { readAuditLog } from '@/lib/server/support/audit-log';
import { orgScreenMetadata, orgScreenPage } from '../console-page';

export const generateMetadata = orgScreenMetadata('/organiser/audit-log', 'support.audit.title');

/** The current organisation's audit log: its owners read and export it. */
async function AuditLogScreen({ locale }: { locale: Locale }) {
  const access = await consolePage(locale, '/organiser/audit-log', 'audit');
  const t = await getTranslations('support.audit');
  if (!access.ok) return <ConsoleFrame access={access} title={t('title')} />;
  const log = await readAuditLog(access.context.user, { organisation: access.org.id });
  if (!log.ok) notFound();
  return (
    <ConsoleFrame access={access} title={t('title')}>
      <p className="max-w-3xl text-slate-700">{t('intro')}</p>
      <AuditLogView organisation={access.org.id} initial={{ entries: log.entries, more: log.more }} />
    </ConsoleFrame>
  );
}

export default orgScreenPage(AuditLogScreen);
