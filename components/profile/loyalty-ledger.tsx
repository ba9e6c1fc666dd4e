import { getLocale, getTranslations } from 'next-intl/server';
import { localized } from '@/components/tickets/format';
import { dateTimeFormat, numberFormat } from '@/lib/i18n/formats';
import type { Loyalty } from '@/lib/schemas/loyalty';

/** The fan's loyalty points per organiser and their history (server-rendered; GET /api/v1/loyalty answers the same). */
export async function LoyaltyLedger({ loyalty }: { loyalty: Loyalty }) {
  const [t, locale] = await Promise.all([getTranslations('loyalty'), getLocale()]);
  const date = dateTimeFormat(locale, { day: 'numeric', month: 'numeric', year: 'numeric' });
  const signed = numberFormat(locale, { signDisplay: 'exceptZero' });
  return (
    <section aria-labelledby="loyalty-title" className="space-y-3 rounded-xl border border-slate-200 bg-white p-6" data-testid="loyalty-ledger">
      <h2 id="loyalty-title" className="text-xl font-bold">
        {t('title')}
      </h2>
      <p className="text-slate-700">{t('intro')}</p>
      {loyalty.balances.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <>
          <ul className="space-y-1">
            {loyalty.balances.map((b) => (
              <li key={b.organisation.id} className="flex justify-between gap-3 font-medium">
                <span>{b.organisation.name}</span>
                <span className="tabular-nums">{t('balance', { points: b.points })}</span>
              </li>
            ))}
          </ul>
          <h3 className="pt-2 font-semibold">{t('history')}</h3>
          <ul className="divide-y divide-slate-200">
            {loyalty.entries.map((e) => (
              <li key={e.id} className="flex justify-between gap-3 py-2 text-sm">
                <span>
                  <span className="font-medium">{e.reverses ? t(`reverses.${e.reverses}`) : t(`kinds.${e.kind}`)}</span>
                  {' · '}
                  {e.organisation.name}
                  {e.event && <> · {localized(e.event.title, locale)}</>}
                  <span className="block text-slate-600">{date.format(new Date(e.createdAt))}</span>
                </span>
                <span className={`tabular-nums font-semibold ${e.points < 0 ? 'text-red-800' : 'text-emerald-800'}`}>{signed.format(e.points)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
