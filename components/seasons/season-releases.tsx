import { textIn } from '@/lib/localized-text';
import { getLocale, getTranslations } from 'next-intl/server';
import { formatMoney } from '@/components/events/format';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { formatDate } from '@/lib/i18n/formats';
import type { Locale } from '@/lib/i18n/routing';
import type { OrganiserRelease, SeasonReleases } from '@/lib/schemas/season-releases';
import { TitledSection } from '@/components/ui/titled-section';

const STATUS_STYLE: Record<OrganiserRelease['status'], string> = {
  released: 'bg-amber-100 text-amber-950',
  sold: 'bg-emerald-100 text-emerald-950',
  taken_back: 'bg-slate-100 text-slate-800',
  kept: 'bg-slate-100 text-slate-800',
};

/**
 * The season screen's released seats (issue 18 item 3): the season's totals, the wallet credit the organisation
 * owes its fans, and a table of every release (scrolls sideways on a phone, the match kept in view) with its
 * seat, holder ("Jana N."), when, what became of it and the credit granted — of every match, or of one chosen in
 * a plain GET form (`?match=`, no script needed). GET …/seasons/{id}/releases answers the same.
 */
export async function SeasonReleasesPanel({
  report,
  sharePercent,
  matches,
  matchId,
}: {
  report: SeasonReleases;
  sharePercent: number;
  /** The season's matches, to show one match's releases (`?match=`). */
  matches: { id: string; title: Record<Locale, string>; startsAt: string }[];
  matchId: string | null;
}) {
  const [t, locale] = await Promise.all([getTranslations('seasons.organiser.releases'), getLocale() as Promise<Locale>]);
  const tSeat = await getTranslations('seatMap');
  const day = (iso: string) => formatDate(iso, locale, { day: 'numeric', month: 'numeric', year: 'numeric' });
  const moment = (iso: string) => formatDate(iso, locale, { day: 'numeric', month: 'numeric', hour: '2-digit', minute: '2-digit' });
  const money = (amount: number, currency = report.currency) => formatMoney({ amount, currency }, locale);
  const th = 'px-4 py-2 font-medium';
  const totals = [
    { key: 'released', value: String(report.totals.released) },
    { key: 'onSale', value: String(report.totals.onSale) },
    { key: 'sold', value: String(report.totals.sold) },
    { key: 'creditGranted', value: money(report.totals.creditGranted.amount) },
  ] as const;
  return (
    <TitledSection id="season-releases" title={t('title')} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" data-testid="season-releases">
      <p className="text-slate-700">{t('intro', { share: sharePercent })}</p>
      <dl aria-label={t('totalsLabel')} className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="season-release-totals">
        {totals.map(({ key, value }) => (
          <div key={key} className="rounded-lg border border-slate-200 px-3 py-2" data-total={key}>
            <dt className="text-sm text-slate-700">{t(key)}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>

      <div className="space-y-2 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-950" data-testid="season-wallet-credit">
        <h3 className="font-semibold">{t('walletTitle')}</h3>
        <p className="text-sm">{t('walletHelp')}</p>
        {report.walletCredit.length === 0 ? (
          <p className="text-sm">{t('walletNone')}</p>
        ) : (
          <ul className="space-y-1">
            {report.walletCredit.map((w) => (
              <li key={w.currency} className="flex flex-wrap gap-x-4 gap-y-1 text-sm" data-currency={w.currency} data-outstanding={w.outstanding}>
                <span>
                  {t('walletGranted')}: <span className="tabular-nums">{money(w.granted, w.currency)}</span>
                </span>
                <span>
                  {t('walletSpent')}: <span className="tabular-nums">{money(w.spent, w.currency)}</span>
                </span>
                <strong>
                  {t('walletOutstanding')}: <span className="tabular-nums">{money(w.outstanding, w.currency)}</span>
                </strong>
              </li>
            ))}
          </ul>
        )}
      </div>

      {matches.length > 0 && (
        <form method="get" className="flex flex-wrap items-end gap-3" data-testid="season-release-filter">
          {/* A select is as wide as its longest option: held to the screen's width on a phone. */}
          <label className="flex w-full min-w-0 flex-col gap-1 text-sm font-medium sm:w-auto">
            {t('filterLabel')}
            <select name="match" defaultValue={matchId ?? ''} className="min-h-11 w-full min-w-0 max-w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base font-normal sm:w-96">
              <option value="">{t('allMatches')}</option>
              {matches.map((m) => (
                <option key={m.id} value={m.id}>
                  {`${textIn(m.title, locale)} · ${day(m.startsAt)}`}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="min-h-11 rounded-lg border border-emerald-800 px-4 py-2 font-medium text-emerald-900 hover:bg-emerald-50">
            {t('filterApply')}
          </button>
        </form>
      )}

      {report.releases.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-slate-700">{t('empty')}</p>
      ) : (
        <ScrollRegion labelledBy="season-releases-caption" className="rounded-lg border border-slate-200">
          <table className="min-w-full text-left text-sm" data-testid="season-release-list">
            <caption id="season-releases-caption" className="px-4 py-3 text-left font-medium text-slate-800">
              {t('tableCaption')}
            </caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className={`sticky left-0 bg-slate-50 ${th}`}>
                  {t('columns.match')}
                </th>
                <th scope="col" className={th}>
                  {t('columns.seat')}
                </th>
                <th scope="col" className={th}>
                  {t('columns.holder')}
                </th>
                <th scope="col" className={th}>
                  {t('columns.releasedAt')}
                </th>
                <th scope="col" className={th}>
                  {t('columns.status')}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t('columns.credit')}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.releases.map((r) => (
                <tr key={r.id} className="border-t border-slate-200" data-release-id={r.id} data-status={r.status}>
                  <th scope="row" className="sticky left-0 bg-white px-4 py-2 font-medium">
                    <span className="block min-w-36">{textIn(r.match.title, locale)}</span>
                    <span className="block text-xs font-normal text-slate-600">{day(r.match.startsAt)}</span>
                  </th>
                  <td className="whitespace-nowrap px-4 py-2">{r.seat ? tSeat('seatName', { section: r.seat.section[locale], row: r.seat.row, seat: r.seat.seat }) : t('standing')}</td>
                  <td className="whitespace-nowrap px-4 py-2">{r.holder ?? t('removedHolder')}</td>
                  <td className="whitespace-nowrap px-4 py-2 tabular-nums">{moment(r.releasedAt)}</td>
                  <td className="px-4 py-2">
                    <span className={`inline-block min-w-24 rounded px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[r.status]}`}>{t(`status.${r.status}`)}</span>
                  </td>
                  <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums" data-testid="release-credit">
                    {r.creditGranted ? (
                      <span className="font-semibold" data-amount={r.creditGranted.amount}>
                        {money(r.creditGranted.amount, r.creditGranted.currency)}
                      </span>
                    ) : r.status === 'released' ? (
                      <span className="text-slate-700">{t('creditIfSold', { amount: money(r.credit.amount, r.credit.currency) })}</span>
                    ) : (
                      t('noCredit')
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {report.more && <p className="text-sm text-slate-700">{t('more', { count: report.releases.length })}</p>}
    </TitledSection>
  );
}
