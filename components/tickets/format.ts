// Formatting shared by the ticket components (server and client render the same text).
import type { Currency, Localized } from './types';

export const TICKET_TIME_ZONE = 'Europe/Bratislava';

export function formatMoney(amount: number, currency: Currency, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount / 100);
}

export function formatDateTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: TICKET_TIME_ZONE,
  }).format(new Date(iso));
}

export function localized(text: Localized, locale: string): string {
  return text[locale as keyof Localized] ?? text.en;
}
