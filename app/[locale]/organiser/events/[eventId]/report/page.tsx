import { Suspense } from 'react';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ConsoleSkeleton } from '@/components/organiser/console-frame';
import { EventFrame } from '@/components/organiser/event-frame';
import { ExportLinks } from '@/components/organiser/export-links';
import { EventReportView } from '@/components/organiser/reports/event-report-view';
import type { Locale } from '@/lib/i18n/routing';
import { isUuid } from '@/lib/ids';
import { consoleEventPage } from '@/lib/server/organiser/console';
import { eventReport } from '@/lib/server/reports/event-report';
import { consoleMetadata } from '../../../metadata';

type Props = PageProps<'/[locale]/organiser/events/[eventId]/report'>;

export async function generateMetadata({ params }: Props) {
  const { locale, eventId } = await params;
  return consoleMetadata(locale as Locale, { pathname: '/organiser/events/[eventId]/report', params: { eventId } }, 'report.title');
}

/** The event's report: sales, money, codes, resale and attendance. */
async function ReportScreen({ locale, eventId }: { locale: Locale; eventId: string }) {
  if (!isUuid(eventId)) notFound();
  const { access, event, cancellation } = await consoleEventPage(locale, { pathname: '/organiser/events/[eventId]/report', params: { eventId } }, eventId);
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

export default async function EventReportPage({ params }: Props) {
  const { locale, eventId } = await params;
  setRequestLocale(locale as Locale);
  return (
    <Suspense fallback={<ConsoleSkeleton />}>
      <ReportScreen locale={locale as Locale} eventId={eventId} />
    </Suspense>
  );
}
