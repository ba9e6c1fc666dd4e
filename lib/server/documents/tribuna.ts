import 'server-only';
import type { DocumentParty } from '@/lib/server/db/schema';

/**
 * Tribuna's own legal identity, the seller on its service-fee and platform-fee documents. Configuration
 * (README, Configuration: TRIBUNA_LEGAL_*), with the demo's defaults in this one place. Tribuna is a
 * Slovak VAT payer: its fees carry Slovak VAT (vat_rates, country TRIBUNA_LEGAL_COUNTRY).
 */
export function tribunaParty(): DocumentParty & { country: string; vatRegistered: boolean } {
  const env = process.env;
  return {
    name: env.TRIBUNA_LEGAL_NAME || 'Tribuna s. r. o.',
    legalForm: env.TRIBUNA_LEGAL_FORM || 's. r. o.',
    street: env.TRIBUNA_LEGAL_STREET || 'Mlynské nivy 5',
    city: env.TRIBUNA_LEGAL_CITY || 'Bratislava',
    postcode: env.TRIBUNA_LEGAL_POSTCODE || '821 09',
    country: env.TRIBUNA_LEGAL_COUNTRY || 'SK',
    ico: env.TRIBUNA_LEGAL_ICO || '51761432',
    dic: env.TRIBUNA_LEGAL_DIC || '2120761432',
    vatId: env.TRIBUNA_LEGAL_VAT_ID || 'SK2120761432',
    vatRegistered: (env.TRIBUNA_LEGAL_VAT_REGISTERED ?? 'true') !== 'false',
    email: env.TRIBUNA_LEGAL_EMAIL || 'fakturacia@tribuna.sk',
  };
}
