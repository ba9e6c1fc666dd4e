import 'server-only';
import type { Locale } from '@/lib/i18n/routing';
import { translator } from '@/lib/server/api/translate';
import { sendEmail } from '@/lib/server/email';
import { escapeHtml } from '@/lib/server/email';
import { formatMoney } from '@/lib/money';

export type WithdrawnListingMail = {
  to: string;
  locale: Locale;
  name: string | null;
  eventTitle: string;
  priceAmount: number;
  currency: 'EUR' | 'CZK';
  /** The new cap of this listing's ticket; null when resale was turned off. */
  capAmount: number | null;
};

function money(amount: number, currency: 'EUR' | 'CZK', locale: Locale): string {
  return formatMoney({ amount, currency }, locale);
}

/**
 * Tells a seller, in their own language, that the organiser's new resale rules took their listing off
 * the market, why, and that the ticket is theirs and valid again.
 */
export async function sendListingWithdrawnEmail(mail: WithdrawnListingMail): Promise<void> {
  const t = translator(mail.locale);
  const k = 'organiser.resale.email';
  const values = { event: mail.eventTitle, price: money(mail.priceAmount, mail.currency, mail.locale), cap: mail.capAmount == null ? '' : money(mail.capAmount, mail.currency, mail.locale) };
  const paragraphs = [
    mail.capAmount == null ? t(`${k}.resaleOff`, values) : t(`${k}.capLowered`, values),
    mail.capAmount == null ? t(`${k}.validAgain`) : t(`${k}.relist`, values),
  ];
  const greeting = mail.name ? t('email.greeting', { name: mail.name }) : t('email.greetingAnonymous');
  const closing = t('email.signature');
  const text = [greeting, '', ...paragraphs, '', closing].join('\n');
  const html = [greeting, ...paragraphs, closing].map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  await sendEmail({ to: mail.to, locale: mail.locale, kind: 'resale-listing-withdrawn', subject: t(`${k}.subject`, values), text, html });
}
