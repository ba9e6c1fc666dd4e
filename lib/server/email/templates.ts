import 'server-only';
import type { Locale } from '@/lib/i18n/routing';
import { translator } from '@/lib/server/api/translate';
import { escapeHtml, type EmailInput } from './index';

/** Text and HTML of one email from translated paragraphs plus one call-to-action link. */
/** `signedBy`: who signs it instead of Tribuna's team (an organiser's announcement is the club's own words). */
export function composeEmail(parts: { locale: Locale; name?: string | null; paragraphs: string[]; link?: string; closing?: string[]; signedBy?: string }): { text: string; html: string } {
  const t = translator(parts.locale);
  const greeting = parts.name ? t('email.greeting', { name: parts.name }) : t('email.greetingAnonymous');
  const closing = [...(parts.closing ?? []), parts.signedBy ?? t('email.signature')];
  const text = [greeting, '', ...parts.paragraphs, ...(parts.link ? ['', parts.link] : []), '', ...closing].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...parts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    parts.link ? `<p><a href="${escapeHtml(parts.link)}">${escapeHtml(parts.link)}</a></p>` : '',
    ...closing.map((p) => `<p>${escapeHtml(p)}</p>`),
  ].join('\n');
  return { text, html };
}

export function passwordResetEmail(input: { to: string; locale: Locale; name?: string | null; link: string; minutes: number }): EmailInput {
  const t = translator(input.locale);
  const body = composeEmail({
    locale: input.locale,
    name: input.name,
    paragraphs: [t('email.passwordResetBody', { minutes: input.minutes })],
    link: input.link,
    closing: [t('email.passwordResetIgnore')],
  });
  return { to: input.to, locale: input.locale, kind: 'password-reset', subject: t('email.passwordResetSubject'), ...body, sensitive: true };
}

/** The link that verifies an address: the account's own after sign-up, or the new one of an email change. */
export function emailVerificationEmail(input: { to: string; locale: Locale; name?: string | null; link: string; hours: number; change: boolean }): EmailInput {
  const t = translator(input.locale);
  const body = composeEmail({
    locale: input.locale,
    name: input.name,
    paragraphs: [input.change ? t('email.changeBody', { email: input.to, hours: input.hours }) : t('email.verifyBody', { email: input.to, hours: input.hours })],
    link: input.link,
    closing: [t('email.verifyIgnore')],
  });
  const subject = input.change ? t('email.changeSubject') : t('email.verifySubject');
  return { to: input.to, locale: input.locale, kind: input.change ? 'email-change' : 'email-verification', subject, ...body, sensitive: true };
}

/** To the address in use when a change to another one is asked for: nothing changes until that one is verified. */
export function emailChangeNoticeEmail(input: { to: string; locale: Locale; name?: string | null; newEmail: string; resetLink: string }): EmailInput {
  const t = translator(input.locale);
  const body = composeEmail({
    locale: input.locale,
    name: input.name,
    paragraphs: [t('email.changeNoticeBody', { email: input.newEmail }), t('email.changeNoticeIfNotYou')],
    link: input.resetLink,
  });
  return { to: input.to, locale: input.locale, kind: 'email-change-notice', subject: t('email.changeNoticeSubject'), ...body };
}
