import { getLocale, getTranslations } from 'next-intl/server';
import { formatMoney } from '@/components/events/format';
import type { Settlement, SettlementFigures } from '@/lib/schemas/settlements';
import { formatDate } from '@/lib/i18n/formats';
import { ScrollRegion } from '@/components/ui/scroll-region';

/** The figures of a statement's table, in its order; `sign` −1 shows an amount that is taken off. */
const COLUMNS = [
  { key: 'primaryGross', sign: 1 },
  { key: 'discounts', sign: -1 },
  { key: 'credits', sign: -1 },
  { key: 'refunds', sign: -1 },
  { key: 'primaryNet', sign: 1 },
  { key: 'ticketFees', sign: -1 },
  { key: 'organiserResaleShare', sign: 1 },
  { key: 'owed', sign: 1 },
  { key: 'serviceFees', sign: 1 },
  { key: 'resaleFees', sign: 1 },
] as const satisfies readonly { key: keyof SettlementFigures; sign: 1 | -1 }[];

/**
 * A settlement on screen: per currency, what Tribuna owes, then a table of the events (scrolls sideways
 * on a phone, with its caption and the event's name kept in view), the totals, and what each line means.
 */
export async function SettlementStatement({ settlement, csvHref }: { settlement: Settlement; csvHref: string }) {
  const t = await getTranslations('organiser.settlements');
  const locale = await getLocale();
  const day = (iso: string) => formatDate(new Date(iso), locale, { day: 'numeric', month: 'numeric', year: 'numeric', timeZone: settlement.period.timeZone });
  const period = t('period', { from: day(`${settlement.period.from}T12:00:00Z`), to: day(`${settlement.period.to}T12:00:00Z`) });
  return (
    <section aria-labelledby="settlement-statement" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="settlement-statement" className="text-xl font-semibold">
            {t('statementTitle')}
          </h2>
          <p className="text-slate-700">{period}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={csvHref} download className="inline-flex min-h-11 items-center rounded-lg border border-emerald-800 px-4 py-2 font-medium text-emerald-900 hover:bg-emerald-50">
            {t('downloadCsv')}
          </a>
          <a
            href={csvHref.replace('/settlements.csv?', '/settlements.xlsx?')}
            download
            className="inline-flex min-h-11 items-center rounded-lg border border-emerald-800 px-4 py-2 font-medium text-emerald-900 hover:bg-emerald-50"
          >
            {t('downloadXlsx')}
          </a>
        </div>
      </div>
      {settlement.currencies.length === 0 && <p className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-slate-700">{t('empty')}</p>}
      {settlement.currencies.map(({ currency, lines, total }) => {
        // A deduction shows with its minus; a zero never does.
        const money = (amount: number) => formatMoney({ amount: amount || 0, currency }, locale);
        const captionId = `settlement-${currency}`;
        return (
          <div key={currency} className="space-y-4">
            <p className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-4 text-lg text-emerald-950">
              {t.rich('owedSummary', { currency, amount: money(total.owed), strong: (chunks) => <strong className="text-2xl">{chunks}</strong> })}
            </p>
            <ScrollRegion labelledBy={captionId} className="rounded-xl border border-slate-200 bg-white">
              <table className="min-w-full text-left text-sm">
                <caption id={captionId} className="px-4 py-3 text-left font-medium text-slate-800">
                  {t('tableCaption', { currency })}
                </caption>
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    <th scope="col" className="sticky left-0 bg-slate-50 px-4 py-2 font-medium">
                      {t('columns.event')}
                    </th>
                    {COLUMNS.map((c) => (
                      <th key={c.key} scope="col" className="px-4 py-2 text-right font-medium">
                        {t(`columns.${c.key}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {lines.map((line) => (
                    <tr key={line.eventId} className="border-t border-slate-200">
                      <th scope="row" className="sticky left-0 bg-white px-4 py-2 font-medium">
                        <span className="block min-w-40">{line.title}</span>
                        <span className="block text-xs font-normal text-slate-600">
                          {day(line.startsAt)}
                          {line.status === 'cancelled' && ` · ${t('cancelled')}`}
                        </span>
                      </th>
                      {COLUMNS.map((c) => (
                        <td key={c.key} className={`whitespace-nowrap px-4 py-2 text-right tabular-nums ${c.key === 'owed' ? 'font-semibold' : ''}`}>
                          {money(c.sign * line[c.key])}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
                <tfoot className="border-t-2 border-slate-300 bg-slate-50">
                  <tr>
                    <th scope="row" className="sticky left-0 bg-slate-50 px-4 py-2 font-semibold">
                      {t('total')}
                    </th>
                    {COLUMNS.map((c) => (
                      <td key={c.key} className="whitespace-nowrap px-4 py-2 text-right font-semibold tabular-nums">
                        {money(c.sign * total[c.key])}
                      </td>
                    ))}
                  </tr>
                </tfoot>
              </table>
            </ScrollRegion>
          </div>
        );
      })}
      <section aria-labelledby="settlement-explained" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <h3 id="settlement-explained" className="text-lg font-semibold">
          {t('explainedTitle')}
        </h3>
        <dl className="space-y-3">
          {COLUMNS.map((c) => (
            <div key={c.key}>
              <dt className="font-medium">{t(`columns.${c.key}`)}</dt>
              <dd className="text-slate-700">{t(`explained.${c.key}`)}</dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-slate-600">{t('explainedPeriod')}</p>
      </section>
    </section>
  );
}
