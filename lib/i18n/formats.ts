// The one place that decides how dates, times and numbers look in each language of the app. Every
// formatter (server and client components, the ticket and event helpers) takes its Intl locale from
// here instead of passing the app locale to Intl: English is en-GB for this Central European
// audience (24-hour time, day before month), Slovak and Czech are themselves.
import type { Locale } from './routing';
import { TIME_ZONE } from './time-zone';

export const FORMAT_LOCALES = { sk: 'sk', cs: 'cs', en: 'en-GB' } as const satisfies Record<Locale, string>;

/** The Intl locale of an app locale ('en' → 'en-GB'); anything else is passed through. */
export function formatLocale(locale: string): string {
  return (FORMAT_LOCALES as Record<string, string>)[locale] ?? locale;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A cached Intl.DateTimeFormat for the app locale, in the app's TIME_ZONE (./time-zone.ts) unless the options name a zone. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(formatLocale(locale), { timeZone: TIME_ZONE, ...options });
    dateFormats.set(key, format);
  }
  return format;
}

export function formatDate(value: Date | string | number, locale: string, options: Intl.DateTimeFormatOptions): string {
  return dateTimeFormat(locale, options).format(typeof value === 'string' ? new Date(value) : value);
}

/** 'so 28. 11. 2026, 18:00' style: weekday, date and time of the event where it happens. */
export const eventDateTimeFormat = {
  weekday: 'short',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: TIME_ZONE,
} as const satisfies Intl.DateTimeFormatOptions;

export const eventTimeFormat = { hour: '2-digit', minute: '2-digit', timeZone: TIME_ZONE } as const satisfies Intl.DateTimeFormatOptions;

/** A cached Intl.NumberFormat for the app locale. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(formatLocale(locale), options);
    numberFormats.set(key, format);
  }
  return format;
}

export function formatNumber(value: number, locale: string, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(locale, options).format(value);
}
