import { useLocale, useTranslations } from 'next-intl';
import { EXPORT_FORMATS, EXPORT_KINDS } from '@/lib/schemas/reports-live';

/**
 * The event's exports as download links, CSV and Excel (orders, attendees, check-ins, resale sales), for the live
 * view and the event report. The file's header and values come in the page's language (`?locale=`),
 * whatever language the browser asks for.
 */
export function ExportLinks({ eventId }: { eventId: string }) {
  const t = useTranslations('organiser.exports');
  const locale = useLocale();
  return (
    <section aria-labelledby="exports-title" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" data-testid="export-links">
      <h2 id="exports-title" className="text-lg font-bold">
        {t('title')}
      </h2>
      <p className="text-sm text-slate-700">{t('intro')}</p>
      <ul className="flex flex-wrap gap-2">
        {EXPORT_KINDS.flatMap((kind) =>
          EXPORT_FORMATS.map((format) => (
            <li key={`${kind}.${format}`}>
              <a
                href={`/api/v1/organiser/events/${encodeURIComponent(eventId)}/exports/${kind}.${format}?locale=${locale}`}
                download
                className="inline-flex min-h-11 items-center rounded-lg border border-emerald-800 px-4 py-2 text-sm font-medium text-emerald-900 hover:bg-emerald-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
              >
                {t(format === 'csv' ? 'download' : 'downloadXlsx', { name: t(`links.${kind}`) })}
              </a>
            </li>
          )),
        )}
      </ul>
    </section>
  );
}
