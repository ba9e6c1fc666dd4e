import 'server-only';
import { isBic, isIban, normalizeBic, normalizeIban } from '@/lib/payouts/iban';
import { isDemoMode } from '@/lib/server/mode';

/** The account payout files pay from: Tribuna's own. */
export type Debtor = { iban: string; name: string; bic: string | null };

/**
 * DEMO ONLY: example accounts of the IBAN registry (no one's money), so that `npm start` can show a whole
 * payout run. A deployment never uses them: without its own PAYOUT_DEBTOR_* a run is refused
 * (PAYOUT_DEBTOR_MISSING).
 */
const DEMO_DEBTORS: Record<'EUR' | 'CZK', Debtor> = {
  EUR: { iban: 'SK3112000000198742637541', name: 'Tribuna DEMO (no real account)', bic: null },
  CZK: { iban: 'CZ6508000000192000145399', name: 'Tribuna DEMO (no real account)', bic: null },
};

/**
 * Tribuna's account for a run of `currency`, or null when none is configured (or it is not valid):
 * EUR from PAYOUT_DEBTOR_IBAN / PAYOUT_DEBTOR_BIC, CZK (a Czech koruna account) from
 * PAYOUT_DEBTOR_IBAN_CZK / PAYOUT_DEBTOR_BIC_CZK; the name from PAYOUT_DEBTOR_NAME. The demo falls back
 * to the demo accounts above.
 */
export function payoutDebtor(currency: 'EUR' | 'CZK', env: NodeJS.ProcessEnv = process.env): Debtor | null {
  const suffix = currency === 'CZK' ? '_CZK' : '';
  const iban = normalizeIban(env[`PAYOUT_DEBTOR_IBAN${suffix}`] ?? '');
  const name = (env.PAYOUT_DEBTOR_NAME ?? '').trim();
  const bic = normalizeBic(env[`PAYOUT_DEBTOR_BIC${suffix}`] ?? '');
  if (!iban && !name && isDemoMode(env)) return DEMO_DEBTORS[currency];
  if (!isIban(iban) || name.length < 2 || name.length > 70 || (bic && !isBic(bic))) return null;
  return { iban, name, bic: bic || null };
}
