import 'server-only';
import { appUrl } from '@/lib/app-url';
import { formatDate } from '@/lib/i18n/formats';
import { getPathname } from '@/lib/i18n/pathname';
import type { AppPathname, Locale } from '@/lib/i18n/routing';
import { maskIban } from '@/lib/payouts/iban';
import type { ProfileSensitiveValues } from '@/lib/server/db/schema';
import { translator } from '@/lib/server/api/translate';
import { queueEmail, type QueuedEmail } from '@/lib/server/email';
import { composeEmail } from '@/lib/server/email/templates';
import type { Db, Tx } from '@/lib/server/db';

// The mails of onboarding, each in its reader's language, queued in the transaction of what they tell
// (deliver() after the commit): the review of an application, and a change of the legal profile.

function link(locale: Locale, pathname: AppPathname): string {
  return `${appUrl()}${getPathname({ locale, href: pathname as never })}`;
}

export type Review = 'received' | 'approved' | 'changes' | 'rejected';

/** To the applicant: what the admin decided (and the admin's message), or that the application arrived. */
export function queueApplicationMail(
  db: Db | Tx,
  input: { to: string; locale: Locale; name: string | null; organisation: string; review: Review; message?: string | null },
): Promise<QueuedEmail> {
  const t = translator(input.locale);
  const k = `onboarding.mail.${input.review}`;
  const body = composeEmail({
    locale: input.locale,
    name: input.name,
    paragraphs: [t(`${k}.body`, { organisation: input.organisation }), ...(input.message ? [t('onboarding.mail.message'), input.message] : [])],
    link: link(input.locale, input.review === 'approved' ? '/organiser' : '/sell'),
    closing: [t(`${k}.next`)],
  });
  return queueEmail(db, { to: input.to, locale: input.locale, kind: `application-${input.review}`, subject: t(`${k}.subject`, { organisation: input.organisation }), ...body });
}

/** To every owner: the bank account or tax data change, from what to what, and when it applies. */
export function queueProfileChangeMail(
  db: Db | Tx,
  input: { to: string; locale: Locale; name: string; organisation: string; actor: string; before: ProfileSensitiveValues; after: ProfileSensitiveValues; effectiveAt: Date },
): Promise<QueuedEmail> {
  const t = translator(input.locale);
  const lines: string[] = [];
  const show = (v: string | null | boolean, field: string) =>
    typeof v === 'boolean' ? t(v ? 'onboarding.profile.yes' : 'onboarding.profile.no') : v === null || v === '' ? '—' : field === 'payoutIban' ? maskIban(v) : v;
  for (const field of ['payoutIban', 'payoutBic', 'ico', 'dic', 'vatRegistered', 'vatId'] as const) {
    if (input.before[field] !== input.after[field]) lines.push(`${t(`onboarding.profile.fields.${field}`)}: ${show(input.before[field], field)} → ${show(input.after[field], field)}`);
  }
  const when = formatDate(input.effectiveAt, input.locale, { dateStyle: 'long', timeStyle: 'short' });
  const body = composeEmail({
    locale: input.locale,
    name: input.name,
    paragraphs: [t('onboarding.mail.profile.body', { actor: input.actor, organisation: input.organisation }), ...lines, t('onboarding.mail.profile.when', { when })],
    link: link(input.locale, '/organiser/settings'),
    closing: [t('onboarding.mail.profile.ifNotYou')],
  });
  return queueEmail(db, { to: input.to, locale: input.locale, kind: 'legal-profile-change', subject: t('onboarding.mail.profile.subject', { organisation: input.organisation }), ...body });
}
