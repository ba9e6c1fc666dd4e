// Formatting shared by the ticket components (server and client render the same text).
import { eventDateTimeFormat } from '@/components/events/format';
import { formatMoney as formatEventMoney } from '@/lib/money';
import type { Currency, Localized } from '@/lib/schemas/primitives';
import { dateTimeFormat, formatDate } from '@/lib/i18n/formats';
import { isLocale } from '@/lib/i18n/locales';
import { textIn } from '@/lib/localized-text';

export function formatMoney(amount: number, currency: Currency, locale: string): string {
  return formatEventMoney({ amount, currency }, locale);
}

export function formatDateTime(iso: string, locale: string): string {
  return dateTimeFormat(locale, eventDateTimeFormat).format(new Date(iso));
}

/** A stored text in `locale`, an empty language read as lib/localized-text.ts reads it (Slovak, then any). */
export function localized(text: Localized, locale: string): string {
  return textIn(text, isLocale(locale) ? locale : 'en');
}

/** A date of birth (YYYY-MM-DD), as a calendar day whatever the device's time zone: named tickets, the gate. */
export function formatBirthDate(day: string, locale: string): string {
  return formatDate(new Date(`${day}T12:00:00Z`), locale, { dateStyle: 'long', timeZone: 'UTC' });
}
