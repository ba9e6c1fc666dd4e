import { textIn } from '@/lib/localized-text';
import { getLocale, getTranslations } from 'next-intl/server';
import { formatMoney } from '@/components/events/format';
import { STATUS_STYLE } from '@/components/organiser/event-header';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import type { Overview } from '@/lib/schemas/reports';
import { formatDate, formatNumber } from '@/lib/i18n/formats';
import { ReportTable, Scroller, tdNum } from './report-table';
import { TitledSection } from '@/components/ui/titled-section';

const input = 'mt-1 block min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-slate-900';

/** The organisation's events of a period: the date range form (GET), each event's figures, totals per currency. */
/** `refusal`: why the asked range was not taken (the default period is shown instead). */
export async function OverviewView({ overview, asked, refusal }: { overview: Overview; asked: { from?: string; to?: string }; refusal: string | null }) {
  const invalid = refusal !== null;
  const [t, locale] = await Promise.all([getTranslations('report.overview'), getLocale() as Promise<Locale>]);
  const n = (value: number) => formatNumber(value, locale);
  const day = (ymd: string) => formatDate(new Date(`${ymd}T12:00:00Z`), locale, { dateStyle: 'medium' });
  const ratio = (part: number, whole: number) => t('ratio', { part: n(part), whole: n(whole) });
  return (
    <div className="space-y-6">
      <p className="max-w-2xl text-slate-700">{t('intro')}</p>
      <form method="get" className="flex flex-wrap items-end gap-3" aria-label={t('rangeLabel')}>
        <label className="text-sm font-medium text-slate-900">
          {t('from')}
          <input type="date" name="from" defaultValue={invalid ? asked.from : overview.from} className={input} />
        </label>
        <label className="text-sm font-medium text-slate-900">
          {t('to')}
          <input type="date" name="to" defaultValue={(invalid ? asked.to : overview.to) ?? ''} aria-describedby={invalid ? 'range-error' : undefined} className={input} />
        </label>
        <button type="submit" className="min-h-11 rounded-lg bg-emerald-800 px-4 font-medium text-white hover:bg-emerald-700">
          {t('show')}
        </button>
      </form>
      {invalid && (
        <p id="range-error" role="alert" className="text-red-800">
          {refusal}
        </p>
      )}
      <p className="text-slate-800">{overview.to ? t('period', { from: day(overview.from), to: day(overview.to) }) : t('periodOpen', { from: day(overview.from) })}</p>

      {overview.events.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-slate-700">{t('empty')}</p>
      ) : (
        <>
          <Scroller label={t('eventsLabel')}>
            <ReportTable caption={t('eventsLabel')} columns={[t('event'), t('sold'), t('net'), t('attendance')]}>
              {overview.events.map((e) => (
                <tr key={e.id}>
                  <th scope="row" className="px-3 py-2 text-left font-normal text-slate-800">
                    <Link href={{ pathname: '/organiser/events/[eventId]/report', params: { eventId: e.id } }} className="font-medium text-emerald-800 underline">
                      {textIn(e.title, locale)}
                    </Link>
                    <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-700">
                      <time dateTime={e.startsAt}>{formatDate(new Date(e.startsAt), locale, { dateStyle: 'medium', timeStyle: 'short' })}</time>
                      <span className={`rounded-full px-2 py-0.5 font-medium ${STATUS_STYLE[e.status]}`}>{t(`status.${e.over && e.status !== 'cancelled' ? 'over' : e.status}`)}</span>
                    </span>
                  </th>
                  <td className={tdNum}>{ratio(e.sold, e.capacity)}</td>
                  <td className={tdNum}>{formatMoney({ amount: e.net, currency: e.currency }, locale)}</td>
                  <td className={tdNum}>{e.over ? ratio(e.checkedIn, e.sold) : n(e.checkedIn)}</td>
                </tr>
              ))}
            </ReportTable>
          </Scroller>

          <TitledSection id="overview-totals" title={t('totals')} className="space-y-3">
            <Scroller labelledBy="overview-totals">
              <ReportTable columns={[t('currency'), t('events'), t('sold'), t('net'), t('checkedIn')]}>
                  {overview.totals.map((total) => (
                  <tr key={total.currency}>
                    <th scope="row" className="px-3 py-2 text-left font-semibold text-slate-900">
                      {total.currency}
                    </th>
                    <td className={tdNum}>{n(total.events)}</td>
                    <td className={tdNum}>{ratio(total.sold, total.capacity)}</td>
                    <td className={tdNum}>{formatMoney({ amount: total.net, currency: total.currency }, locale)}</td>
                    <td className={tdNum}>{n(total.checkedIn)}</td>
                  </tr>
                ))}
              </ReportTable>
            </Scroller>
          </TitledSection>
        </>
      )}
    </div>
  );
}
