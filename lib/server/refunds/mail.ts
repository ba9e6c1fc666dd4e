import 'server-only';
import { appUrl } from '@/lib/app-url';
import { getPathname } from '@/lib/i18n/pathname';
import type { Locale } from '@/lib/i18n/routing';
import { TIME_ZONE } from '@/lib/i18n/time-zone';
import { textIn } from '@/lib/localized-text';
import { formatMoney } from '@/lib/money';
import { translator } from '@/lib/server/api/translate';
import type { EmailInput } from '@/lib/server/email';

type Recipient = { email: string; firstName: string | null; locale: Locale };
type Title = { sk: string; cs: string; en: string };
type Currency = 'EUR' | 'CZK';

function when(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: TIME_ZONE }).format(date);
}

/**
 * To every holder of a postponed event: the new date, the tickets stay valid for it, and until when they may
 * ask for their money instead (a link to Your tickets, where each ticket has its refund button).
 */
export function postponedEmail(input: { to: Recipient; event: Title; startsAt: Date; refundDeadline: Date; note: { org: string; message: string } | null }): EmailInput {
  const { locale } = input.to;
  const t = translator(locale);
  const values = {
    name: input.to.firstName ?? '',
    event: textIn(input.event, locale),
    time: when(input.startsAt, locale),
    deadline: when(input.refundDeadline, locale),
    link: `${appUrl()}${getPathname({ locale, href: '/tickets' })}`,
  };
  const text = t('refunds.email.postponed.text', values);
  return {
    to: input.to.email,
    locale,
    kind: 'event-postponed',
    subject: t('refunds.email.postponed.subject', values),
    text: input.note ? `${text}\n\n${t('organiser.cancel.email.note', { org: input.note.org })}\n${input.note.message}` : text,
  };
}

/** To the buyer who returned tickets: how many, and what goes back where (card, wallet credit, points). */
export function refundedEmail(input: {
  to: Recipient;
  event: Title;
  orderId: string;
  tickets: number;
  back: { money: number; wallet: number; points: number; currency: Currency };
}): EmailInput {
  const { locale } = input.to;
  const t = translator(locale);
  const values = {
    name: input.to.firstName ?? '',
    event: textIn(input.event, locale),
    count: input.tickets,
    link: `${appUrl()}${getPathname({ locale, href: { pathname: '/orders/[id]', params: { id: input.orderId } } })}`,
  };
  const lines = [
    input.back.money > 0 ? t('refunds.email.refunded.card', { amount: formatMoney({ amount: input.back.money, currency: input.back.currency }, locale) }) : null,
    input.back.wallet > 0 ? t('refunds.email.refunded.wallet', { amount: formatMoney({ amount: input.back.wallet, currency: input.back.currency }, locale) }) : null,
    input.back.points > 0 ? t('refunds.email.refunded.points', { points: input.back.points }) : null,
  ].filter((line): line is string => line !== null);
  return {
    to: input.to.email,
    locale,
    kind: 'tickets-refunded',
    subject: t('refunds.email.refunded.subject', values),
    text: [t('refunds.email.refunded.intro', values), ...lines, t('refunds.email.refunded.outro', values)].join('\n\n'),
  };
}
