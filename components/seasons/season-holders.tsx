import { getTranslations } from 'next-intl/server';
import { formatMoney } from '@/components/events/format';
import { ScrollRegion } from '@/components/ui/scroll-region';
import type { Locale } from '@/lib/i18n/routing';
import type { SeasonHolders, SeasonHoldersQuery } from '@/lib/schemas/season-holders';
import { TitledSection } from '@/components/ui/titled-section';

const th = 'whitespace-nowrap px-4 py-2 font-medium';
const select = 'min-h-11 w-full min-w-0 max-w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base font-normal';

/**
 * The season's holders for the ticket office (issue 28 item 5): the renewal counts, a plain GET form of
 * filters (no script needed), the table and the CSV of what the filters show (GET …/holders.csv).
 */
export async function SeasonHoldersPanel({
  seasonId,
  list,
  categories,
  filters,
  locale,
}: {
  seasonId: string;
  list: SeasonHolders;
  categories: { id: string; name: Record<Locale, string> }[];
  filters: SeasonHoldersQuery;
  locale: Locale;
}) {
  const t = await getTranslations('seasons.organiser.holdersList');
  const query = new URLSearchParams(Object.entries({ ...filters, locale }).filter((e): e is [string, string] => Boolean(e[1])));
  const csv = `/api/v1/organiser/seasons/${seasonId}/holders.csv?${query}`;
  const xlsx = `/api/v1/organiser/seasons/${seasonId}/holders.xlsx?${query}`;
  return (
    <TitledSection id="season-holders-title" title={t('title')} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" data-testid="season-holders">
      <p className="text-slate-700">{t('intro')}</p>
      <dl className="grid grid-cols-3 gap-3 text-center" data-testid="season-renewal-counts">
        {(['lastSeason', 'renewed', 'notRenewed'] as const).map((key) => (
          <div key={key} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-sm text-slate-700">{t(key)}</dt>
            <dd className="text-2xl font-semibold tabular-nums" data-count={key}>
              {list.counts[key]}
            </dd>
          </div>
        ))}
      </dl>
      <form method="get" className="grid gap-3 sm:grid-cols-4 sm:items-end" data-testid="season-holders-filter">
        <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
          {t('filterRenewed')}
          <select name="renewed" defaultValue={filters.renewed ?? ''} className={select}>
            <option value="">{t('all')}</option>
            <option value="yes">{t('renewedYes')}</option>
            <option value="no">{t('renewedNo')}</option>
          </select>
        </label>
        <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
          {t('filterCategory')}
          <select name="category" defaultValue={filters.category ?? ''} className={select}>
            <option value="">{t('allCategories')}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name[locale]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
          {t('filterMail')}
          <select name="mail" defaultValue={filters.mail ?? ''} className={select}>
            <option value="">{t('all')}</option>
            <option value="yes">{t('mailYes')}</option>
            <option value="no">{t('mailNo')}</option>
          </select>
        </label>
        <button type="submit" className="min-h-11 rounded-lg border border-emerald-800 px-4 py-2 font-medium text-emerald-900 hover:bg-emerald-50">
          {t('apply')}
        </button>
      </form>
      <p className="flex flex-wrap items-center justify-between gap-3">
        <span className="text-slate-700" data-testid="season-holders-count">
          {t('count', { count: list.holders.length })}
        </span>
        {/* A plain link: the browser downloads the file (Content-Disposition). */}
        <a href={csv} download className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 font-medium hover:bg-slate-50">
          {t('csv')}
        </a>
        <a href={xlsx} download className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 font-medium hover:bg-slate-50">
          {t('xlsx')}
        </a>
      </p>
      {list.holders.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-slate-700">{t('empty')}</p>
      ) : (
        <ScrollRegion labelledBy="season-holders-caption" className="rounded-lg border border-slate-200">
          <table className="min-w-full text-left text-sm" data-testid="season-holder-list">
            <caption id="season-holders-caption" className="px-4 py-3 text-left font-medium text-slate-800">
              {t('tableCaption')}
            </caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className={`sticky left-0 bg-slate-50 ${th}`}>
                  {t('columns.name')}
                </th>
                <th scope="col" className={th}>
                  {t('columns.seatFull')}
                </th>
                <th scope="col" className={th}>
                  {t('columns.category')}
                </th>
                <th scope="col" className={th}>
                  {t('columns.renewed')}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t('columns.paid')}
                </th>
                <th scope="col" className={th}>
                  {t('columns.acceptsMail')}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.holders.map((h) => (
                <tr key={h.id} className="border-t border-slate-200" data-holder-id={h.id} data-renewed={h.renewed}>
                  <th scope="row" className="sticky left-0 bg-white px-4 py-2 font-medium">
                    <span className="block min-w-36">{h.name}</span>
                    {h.email && <span className="block text-xs font-normal text-slate-600">{h.email}</span>}
                  </th>
                  <td className="whitespace-nowrap px-4 py-2">{`${h.seat.section}, ${h.seat.row}, ${h.seat.seat}`}</td>
                  <td className="whitespace-nowrap px-4 py-2">{h.category?.name ?? '—'}</td>
                  <td className="px-4 py-2">{h.renewed ? t('yes') : t('no')}</td>
                  <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums">{h.paid === null ? t('noOrder') : formatMoney({ amount: h.paid, currency: list.currency }, locale)}</td>
                  <td className="px-4 py-2">{h.acceptsMail ? t('yes') : t('no')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </TitledSection>
  );
}
