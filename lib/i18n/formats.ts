// The one place that decides how dates, times and numbers look in each language of the app. Every
// formatter (server and client components, the ticket and event helpers) takes its Intl locale from
// here instead of passing the app locale to Intl: English is en-GB for this Central European
// audience (24-hour time, day before month), Slovak and Czech are themselves.
import type { Locale } from './routing';

export const FORMAT_LOCALES = { sk: 'sk', cs: 'cs', en: 'en-GB' } as const satisfies Record<Locale, string>;

/** The time zone dates are shown in unless a format names another (next-intl's config has the same). */
export const DISPLAY_TIME_ZONE = 'Europe/Bratislava';

/** The Intl locale of an app locale ('en' → 'en-GB'); anything else is passed through. */
export function formatLocale(locale: string): string {
  return (FORMAT_LOCALES as Record<string, string>)[locale] ?? locale;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A cached Intl.DateTimeFormat for the app locale, in Europe/Bratislava unless the options name a zone. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(formatLocale(locale), { timeZone: DISPLAY_TIME_ZONE, ...options });
    dateFormats.set(key, format);
  }
  return format;
}

export function formatDate(value: Date | string | number, locale: string, options: Intl.DateTimeFormatOptions): string {
  return dateTimeFormat(locale, options).format(typeof value === 'string' ? new Date(value) : value);
}

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
