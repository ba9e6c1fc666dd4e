import { getLocale, getTranslations } from 'next-intl/server';
import { formatMoney } from '@/components/events/format';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { formatDate } from '@/lib/i18n/formats';
import { TIME_ZONE } from '@/lib/i18n/time-zone';
import { Link } from '@/lib/i18n/navigation';
import type { OrganiserPayouts } from '@/lib/schemas/payouts';

const FIGURES = [
  { key: 'primaryNet', sign: 1 },
  { key: 'platformFee', sign: -1 },
  { key: 'resaleShare', sign: 1 },
  { key: 'owed', sign: 1 },
  { key: 'carriedIn', sign: 1 },
  { key: 'amount', sign: 1 },
] as const;

const STATUS_STYLE = {
  paid: 'bg-emerald-100 text-emerald-900',
  processing: 'bg-sky-100 text-sky-900',
  due: 'bg-amber-100 text-amber-900',
  waiting: 'bg-amber-100 text-amber-900',
  carried: 'bg-slate-100 text-slate-800',
} as const;

/**
 * The organisation's payouts: what each currency carries into its next payout (when negative), then one table
 * row per payout — its period or event, the figures behind it, status and the day it was paid. Scrolls
 * sideways on a phone with the period kept in view.
 */
export async function OrganiserPayoutsList({ data, canSeeSettlement }: { data: OrganiserPayouts; canSeeSettlement: boolean }) {
  const t = await getTranslations('organiser.payouts');
  const locale = await getLocale();
  const day = (iso: string) => formatDate(new Date(iso), locale, { day: 'numeric', month: 'numeric', year: 'numeric', timeZone: TIME_ZONE });
  const month = (ym: string) => formatDate(new Date(`${ym}-15T12:00:00Z`), locale, { month: 'long', year: 'numeric', timeZone: TIME_ZONE });
  return (
    <section aria-labelledby="organiser-payouts" className="space-y-6">
      {canSeeSettlement && (
        <p>
          <Link href="/organiser/settlements" className="font-medium text-emerald-900 underline underline-offset-2">
            {t('settlementLink')}
          </Link>
        </p>
      )}
      {data.balances
        .filter((b) => b.carried < 0)
        .map((b) => (
          <p key={b.currency} className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-950" data-testid={`carried-${b.currency}`}>
            {t.rich('carriedBalance', { currency: b.currency, amount: formatMoney({ amount: b.carried, currency: b.currency }, locale), strong: (chunks) => <strong>{chunks}</strong> })}
          </p>
        ))}
      {data.payouts.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-slate-700">{t('empty')}</p>
      ) : (
        <ScrollRegion labelledBy="organiser-payouts" className="rounded-xl border border-slate-200 bg-white">
          <table className="min-w-full text-left text-sm">
            <caption id="organiser-payouts" className="px-4 py-3 text-left font-medium text-slate-800">
              {t('tableCaption')}
            </caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="sticky left-0 bg-slate-50 px-4 py-2 font-medium">
                  {t('columns.what')}
                </th>
                {FIGURES.map((f) => (
                  <th key={f.key} scope="col" className="px-4 py-2 text-right font-medium">
                    {t(`columns.${f.key}`)}
                  </th>
                ))}
                <th scope="col" className="px-4 py-2 font-medium">
                  {t('columns.status')}
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  {t('columns.paidAt')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.payouts.map((p) => {
                const money = (amount: number) => formatMoney({ amount: amount || 0, currency: p.currency }, locale);
                const what = p.period ? t('periodLabel', { month: month(p.period) }) : t('eventLabel', { title: p.event?.title ?? '', date: p.event ? day(p.event.startsAt) : '' });
                return (
                  <tr key={p.id} className="border-t border-slate-200" data-testid="organiser-payout">
                    <th scope="row" className="sticky left-0 bg-white px-4 py-2 font-medium">
                      <span className="block min-w-40">{what}</span>
                      <span className="block text-xs font-normal text-slate-600">{p.currency}</span>
                    </th>
                    {FIGURES.map((f) => (
                      <td key={f.key} className={`whitespace-nowrap px-4 py-2 text-right tabular-nums ${f.key === 'amount' ? 'font-semibold' : ''}`}>
                        {money(f.sign * p[f.key])}
                      </td>
                    ))}
                    <td className="px-4 py-2">
                      <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[p.status]}`}>{t(`statuses.${p.status}`)}</span>
                    </td>
                    <td className="whitespace-nowrap px-4 py-2">
                      {p.paidAt ? day(p.paidAt) : '—'}
                      {p.paidTo && <span className="block text-xs text-slate-600">{t('paidTo', { account: p.paidTo })}</span>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
