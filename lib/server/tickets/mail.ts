import 'server-only';
import { sendEmail } from '@/lib/server/email';
import type { Locale } from '@/lib/i18n/routing';

/** Ticket emails (gift received, gift invitation) through the one mailer and its outbox. */
export async function queueTicketEmail(input: { to: string; subject: string; text: string; kind: string; locale: Locale }): Promise<void> {
  await sendEmail(input);
}
