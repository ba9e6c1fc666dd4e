// Formatting shared by server and client components: money in the event's currency (minor units),
// dates in Europe/Bratislava in the page's language (the Intl locale of each language: lib/i18n/formats.ts).
// Money is the money module's (lib/money.ts); re-exported for the components that import it from here.
export { formatMoney, type Money } from '@/lib/money';

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
