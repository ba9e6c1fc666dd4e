// Formatting shared by server and client components: money in the event's currency (minor units),
// dates in the app's time zone in the page's language (the Intl locale of each language: lib/i18n/formats.ts).
// Money is the money module's (lib/money.ts); re-exported for the components that import it from here.
export { formatMoney, type Money } from '@/lib/money';

// The event's date formats live with every other date format (lib/i18n/formats.ts): the server's answers use them too.
export { eventDateTimeFormat, eventTimeFormat } from '@/lib/i18n/formats';
