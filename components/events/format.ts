// Formatting shared by server and client components: money in the event's currency (minor units),
// dates in the app's time zone in the page's language (the Intl locale of each language: lib/i18n/formats.ts).
import { formatLocale } from '@/lib/i18n/formats';

export type Money = { amount: number; currency: 'EUR' | 'CZK' };

const moneyFormats = new Map<string, Intl.NumberFormat>();

export function formatMoney(money: Money, locale: string): string {
  const key = `${locale}:${money.currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(formatLocale(locale), { style: 'currency', currency: money.currency });
    moneyFormats.set(key, format);
  }
  return format.format(money.amount / 100);
}

// The event's date formats live with every other date format (lib/i18n/formats.ts): the server's answers use them too.
export { eventDateTimeFormat, eventTimeFormat } from '@/lib/i18n/formats';
