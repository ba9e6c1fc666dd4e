// Formatting shared by server and client components: money in the event's currency (minor units),
// dates in Europe/Bratislava in the page's language (the Intl locale of each language: lib/i18n/formats.ts).
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

export const EVENT_TIME_ZONE = 'Europe/Bratislava';

/** 'so 28. 11. 2026, 18:00' style: weekday, date and time of the event where it happens. */
export const eventDateTimeFormat = {
  weekday: 'short',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: EVENT_TIME_ZONE,
} as const satisfies Intl.DateTimeFormatOptions;

export const eventTimeFormat = { hour: '2-digit', minute: '2-digit', timeZone: EVENT_TIME_ZONE } as const satisfies Intl.DateTimeFormatOptions;
