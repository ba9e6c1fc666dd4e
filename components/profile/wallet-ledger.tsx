import { getLocale, getTranslations } from 'next-intl/server';
import { formatMoney } from '@/components/events/format';
import { localized } from '@/components/tickets/format';
import { dateTimeFormat } from '@/lib/i18n/formats';
import type { Wallet } from '@/lib/schemas/wallet';

/**
 * The fan's Tribuna wallet per organiser — credit from season seats they released that sold — and its
 * history (server-rendered; GET /api/v1/wallet answers the same). Shown once there is a wallet.
 */
export async function WalletLedger({ wallet }: { wallet: Wallet }) {
  if (!wallet.wallets.length) return null;
  const [t, locale] = await Promise.all([getTranslations('wallet'), getLocale()]);
  const date = dateTimeFormat(locale, { day: 'numeric', month: 'numeric', year: 'numeric' });
  return (
    <section id="wallet" aria-labelledby="wallet-title" className="space-y-3 rounded-xl border border-slate-200 bg-white p-6" data-testid="wallet-ledger">
      <h2 id="wallet-title" className="text-xl font-bold">
        {t('title')}
      </h2>
      <p className="text-slate-700">{t('intro')}</p>
      <ul className="space-y-1">
        {wallet.wallets.map((w) => (
          <li key={`${w.organisation.id}-${w.balance.currency}`} className="flex justify-between gap-3 font-medium" data-testid="wallet-balance">
            <span>{w.organisation.name}</span>
            <span className="tabular-nums" data-amount={w.balance.amount}>{formatMoney(w.balance, locale)}</span>
          </li>
        ))}
      </ul>
      {wallet.entries.length > 0 && (
        <>
          <h3 className="pt-2 font-semibold">{t('history')}</h3>
          <ul className="divide-y divide-slate-200">
            {wallet.entries.map((e) => (
              <li key={e.id} className="flex justify-between gap-3 py-2 text-sm" data-testid="wallet-entry" data-kind={e.kind}>
                <span className="min-w-0">
                  <span className="font-medium">{t(`kinds.${e.kind}`)}</span>
                  {e.event && <> · {localized(e.event.title, locale)}</>}
                  {!e.counts && <> · {t('returned')}</>}
                  <span className="block text-slate-600">{date.format(new Date(e.createdAt))}</span>
                </span>
                <span className={`shrink-0 tabular-nums font-semibold ${e.kind === 'order_spend' ? (e.counts ? 'text-red-800' : 'text-slate-500 line-through') : 'text-emerald-800'}`}>
                  {e.kind === 'order_spend' ? '−' : '+'}
                  {formatMoney(e.amount, locale)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
