import { getLocale, getTranslations } from 'next-intl/server';
import { formatMoney, localized } from './format';
import type { Payout } from '@/lib/schemas/tickets';
import { dateTimeFormat } from '@/lib/i18n/formats';
import { ScrollRegion } from '@/components/ui/scroll-region';

/** The seller's payout ledger (server-rendered): each resold ticket's price, seller fee and payout, and where its payment stands. */
export async function PayoutLedger({ payouts }: { payouts: Payout[] }) {
  const [t, locale] = await Promise.all([getTranslations('payouts'), getLocale()]);
  const date = dateTimeFormat(locale, { day: 'numeric', month: 'numeric', year: 'numeric' });
  // Where the payout stands, in words (lib/server/payouts/state.ts decides the state).
  const stateText = (p: Payout) => {
    const account = p.paidTo ?? '';
    switch (p.state) {
      case 'paid':
        return t('states.paid', { date: p.paidAt ? date.format(new Date(p.paidAt)) : '', account });
      case 'processing':
        return t('states.processing', { account });
      case 'due':
        return p.needsBankAccount ? t('states.needsBankAccount') : t('states.due');
      default:
        return t(`states.${p.state}`);
    }
  };
  return (
    <section aria-labelledby="payouts-title" className="space-y-3 rounded-xl border border-slate-200 bg-white p-6" data-testid="payout-ledger">
      <h2 id="payouts-title" className="text-xl font-bold">
        {t('title')}
      </h2>
      {payouts.length === 0 ? (
        <p className="text-slate-700">{t('empty')}</p>
      ) : (
        <ScrollRegion labelledBy="payouts-title">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">{t('event')}</th>
                <th scope="col" className="py-2 pr-3 font-medium">{t('date')}</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">{t('gross')}</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">{t('fee')}</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">{t('net')}</th>
                <th scope="col" className="py-2 font-medium">{t('status')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {payouts.map((p) => (
                <tr key={p.id}>
                  <td className="py-2 pr-3">{localized(p.event.title, locale)}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{date.format(new Date(p.createdAt))}</td>
                  <td className="py-2 pr-3 text-right whitespace-nowrap">{formatMoney(p.grossAmount, p.currency, locale)}</td>
                  <td className="py-2 pr-3 text-right whitespace-nowrap">−{formatMoney(p.feeAmount, p.currency, locale)}</td>
                  <td className="py-2 pr-3 text-right font-semibold whitespace-nowrap">{formatMoney(p.netAmount, p.currency, locale)}</td>
                  <td className="py-2" data-testid="payout-state" data-state={p.state}>
                    {p.needsBankAccount ? (
                      <a href="#bank-account" className="font-medium text-emerald-800 underline">
                        {stateText(p)}
                      </a>
                    ) : (
                      stateText(p)
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
