// IBANs as people type them and as Tribuna shows them: shared by the bank-account form, the API's
// schema and the server (no server-only here: the profile's form validates with the same rules).
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/** What someone typed, in the electronic format: spaces (and the dashes some banks print) removed, upper case. */
export function normalizeIban(typed: string): string {
  return electronicFormatIBAN(typed.replace(/-/g, '')) ?? '';
}

/** A valid IBAN: country code, check digits that match, and the country's own length and structure. */
export function isIban(electronic: string): boolean {
  return isValidIBAN(electronic);
}

export function normalizeBic(typed: string): string {
  return typed.replace(/\s+/g, '').toUpperCase();
}

export function isBic(bic: string): boolean {
  return isValidBIC(bic);
}

/**
 * An IBAN as every answer shows it: country and check digits, then only the last four characters
 * ("SK31 •••• •••• 4567"). Enough for a seller to recognise their account, too little to use it.
 */
export function maskIban(electronic: string): string {
  return `${electronic.slice(0, 4)} •••• •••• ${electronic.slice(-4)}`;
}
