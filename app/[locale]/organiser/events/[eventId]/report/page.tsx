import { getTranslations } from 'next-intl/server';
import { EventFrame } from '@/components/organiser/event-frame';
import { ExportLinks } from '@/components/organiser/export-links';
import { EventReportView } from '@/components/organiser/reports/event-report-view';
import type { Locale } from '@/lib/i18n/routing';
import { eventReport } from '@/lib/server/reports/event-report';
import { eventScreen, eventScreenMetadata, eventScreenPage } from '../../../console-page';

export const generateMetadata = eventScreenMetadata('/organiser/events/[eventId]/report', 'report.title');

/** The event's report: sales, money, codes, resale and attendance. */
async function ReportScreen({ locale, eventId }: { locale: Locale; eventId: string }) {
  const { access, event, cancellation } = await eventScreen(locale, '/organiser/events/[eventId]/report', eventId);
  const t = await getTranslations('report');
  const result = access.ok && event ? await eventReport(access.context.user.id, eventId) : null;
  return (
    <EventFrame access={access} event={event} cancellation={cancellation} deniedTitle={t('title')}>
      {result?.ok && (
        <div className="space-y-6">
          <EventReportView report={result.report} />
          <ExportLinks eventId={eventId} />
        </div>
      )}
    </EventFrame>
  );
}

// The header reads the URL (usePathname), only known at request time for /organiser/events/{id}/…: allowed to block.
export const instant = false;

export default eventScreenPage(ReportScreen);
