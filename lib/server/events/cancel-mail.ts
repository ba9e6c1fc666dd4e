import 'server-only';
import { appUrl } from '@/lib/app-url';
import { getPathname } from '@/lib/i18n/pathname';
import type { Locale } from '@/lib/i18n/routing';
import { eq } from 'drizzle-orm';
import { textIn } from '@/lib/localized-text';
import { translator } from '@/lib/server/api/translate';
import { getDb, tables } from '@/lib/server/db';
import { sendEmail, type EmailInput } from '@/lib/server/email';
import { formatMoney } from '@/lib/money';

type Recipient = { email: string; firstName: string | null; locale: Locale };
type Title = { sk: string; cs: string; en: string };

/** The office's message to the holders, written when it cancelled, and the organisation that signs it. */
export type CancellationNote = { org: string; message: string } | null;

/** A mail's text with the office's message after it, introduced in the recipient's language. */
function withNote(text: string, note: CancellationNote | undefined, t: (key: string, values?: Record<string, string>) => string): string {
  return note ? `${text}\n\n${t('organiser.cancel.email.note', { org: note.org })}\n${note.message}` : text;
}

/** To the buyer of a refunded order of a cancelled event: the tickets are void and the whole payment comes back. */
export function cancelledOrderEmail(input: {
  to: Recipient;
  event: Title;
  orderId: string;
  tickets: number;
  total: { amount: number; currency: 'EUR' | 'CZK' };
  note?: CancellationNote;
}): EmailInput {
  const { locale } = input.to;
  const t = translator(locale);
  const path = getPathname({ locale, href: { pathname: '/orders/[id]', params: { id: input.orderId } } });
  const values = {
    name: input.to.firstName ?? '',
    event: textIn(input.event, locale),
    count: input.tickets,
    total: formatMoney(input.total, locale),
    link: `${appUrl()}${path}`,
  };
  return {
    to: input.to.email,
    locale,
    kind: 'event-cancelled-refund',
    subject: t('organiser.cancel.email.buyer.subject', values),
    text: withNote(t('organiser.cancel.email.buyer.text', values), input.note, t),
  };
}

/**
 * To the buyer of a refunded order of a cancelled event that took no money (wallet credit or loyalty points
 * paid all of it: orders/checkout.ts): the tickets are void, and the credit and points are back at once.
 */
export function cancelledCoveredOrderEmail(input: { to: Recipient; event: Title; orderId: string; tickets: number; note?: CancellationNote }): EmailInput {
  const { locale } = input.to;
  const t = translator(locale);
  const values = {
    name: input.to.firstName ?? '',
    event: textIn(input.event, locale),
    count: input.tickets,
    link: `${appUrl()}${getPathname({ locale, href: { pathname: '/orders/[id]', params: { id: input.orderId } } })}`,
  };
  return {
    to: input.to.email,
    locale,
    kind: 'event-cancelled-credit-back',
    subject: t('organiser.cancel.email.covered.subject', values),
    text: withNote(t('organiser.cancel.email.covered.text', values), input.note, t),
  };
}

/**
 * To a season-ticket holder when one match of the season is cancelled: that match's ticket is void, the
 * other matches stand, and the match's share of the season ticket comes back to the payment or as credit.
 */
export function cancelledSeasonMatchEmail(input: {
  to: Recipient;
  event: Title;
  season: Title;
  orderId: string;
  refund: { amount: number; currency: 'EUR' | 'CZK' };
  mode: 'payment' | 'credit';
  note?: CancellationNote;
}): EmailInput {
  const { locale } = input.to;
  const t = translator(locale);
  const values = {
    name: input.to.firstName ?? '',
    event: textIn(input.event, locale),
    season: input.season[locale] || input.season.sk,
    amount: formatMoney(input.refund, locale),
    link: `${appUrl()}${getPathname({ locale, href: { pathname: '/orders/[id]', params: { id: input.orderId } } })}`,
  };
  const how = input.refund.amount <= 0 ? 'none' : input.mode;
  return {
    to: input.to.email,
    locale,
    kind: 'season-match-cancelled',
    subject: t('organiser.cancel.email.season.subject', values),
    text: withNote(t(`organiser.cancel.email.season.text.${how}`, values), input.note, t),
  };
}

/** To a holder who did not pay for the tickets (a gift, a redeem code, a free order): they are void. */
export function cancelledTicketsEmail(input: { to: Recipient; event: Title; tickets: number; note?: CancellationNote }): EmailInput {
  const { locale } = input.to;
  const t = translator(locale);
  const values = {
    name: input.to.firstName ?? '',
    event: textIn(input.event, locale),
    count: input.tickets,
    link: `${appUrl()}${getPathname({ locale, href: '/tickets' })}`,
  };
  return {
    to: input.to.email,
    locale,
    kind: 'event-cancelled',
    subject: t('organiser.cancel.email.holder.subject', values),
    text: withNote(t('organiser.cancel.email.holder.text', values), input.note, t),
  };
}

/** A payment that arrived after the event was cancelled (payments/webhook.ts): its buyer is told the money comes back. */
export async function sendCancelledOrderEmail(orderId: string, total: { amount: number; currency: 'EUR' | 'CZK' }): Promise<void> {
  const [row] = await getDb()
    .select({ email: tables.users.email, firstName: tables.users.firstName, locale: tables.users.locale, title: tables.events.title })
    .from(tables.orders)
    .innerJoin(tables.users, eq(tables.users.id, tables.orders.userId))
    .innerJoin(tables.events, eq(tables.events.id, tables.orders.eventId))
    .where(eq(tables.orders.id, orderId));
  if (!row?.email) return;
  const tickets = await getDb().$count(tables.orderItems, eq(tables.orderItems.orderId, orderId));
  await sendEmail(cancelledOrderEmail({ to: { email: row.email, firstName: row.firstName, locale: row.locale }, event: row.title, orderId, tickets, total }));
}
