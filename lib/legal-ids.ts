// The Slovak and Czech identifiers of a business, as people type them and as Tribuna stores them: IČO,
// DIČ and the VAT number (IČ DPH in Slovakia, DIČ for VAT in the Czech Republic). Pure (no server-only):
// the application's form, the console's legal profile and the API check with the same rules.

export type LegalCountry = 'SK' | 'CZ';
export const LEGAL_COUNTRIES = ['SK', 'CZ'] as const;

/** What someone typed, without spaces (registers print "356 123 47"), letters in upper case. */
export function compactId(typed: string): string {
  return typed.replace(/\s+/g, '').toUpperCase();
}

/**
 * IČO (identifikačné číslo organizácie / identifikační číslo osoby), the same in both countries: 8 digits
 * whose last is a check digit — the first seven weighted 8, 7, …, 2, summed, taken mod 11; a remainder 0
 * gives 1, 1 gives 0, any other r gives 11 − r.
 */
export function isIco(compact: string): boolean {
  if (!/^\d{8}$/.test(compact)) return false;
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(compact[i]) * (8 - i);
  return (11 - (sum % 11)) % 10 === Number(compact[7]);
}

/** DIČ: in Slovakia 10 digits; in the Czech Republic "CZ" and 8–10 digits (the IČO or a birth number). */
export function isDic(compact: string, country: LegalCountry): boolean {
  return country === 'SK' ? /^\d{10}$/.test(compact) : /^CZ\d{8,10}$/.test(compact);
}

/** The VAT number: IČ DPH "SK" and 10 digits in Slovakia; in the Czech Republic the DIČ itself ("CZ" and 8–10 digits). */
export function isVatId(compact: string, country: LegalCountry): boolean {
  return country === 'SK' ? /^SK\d{10}$/.test(compact) : /^CZ\d{8,10}$/.test(compact);
}
