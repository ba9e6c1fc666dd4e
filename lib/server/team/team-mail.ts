import 'server-only';
import { appUrl } from '@/lib/app-url';
import { getPathname } from '@/lib/i18n/pathname';
import type { Locale } from '@/lib/i18n/routing';
import { translator } from '@/lib/server/api/translate';
import { sendEmail } from '@/lib/server/email';
import { composeEmail } from '@/lib/server/email/templates';
import type { OrgRole } from '@/lib/server/organiser/access';

/** The invitation's link: the localized /organiser/invitation page of the invitee's language, with the token. */
export function invitationLink(locale: Locale, token: string): string {
  return `${appUrl()}${getPathname({ locale, href: { pathname: '/organiser/invitation', query: { token } } })}`;
}

/** An invitation to join an organisation's team, in the invitee's language, through the outbox. */
export async function queueInvitationEmail(input: { to: string; locale: Locale; organisation: string; role: OrgRole; inviter: string; token: string; days: number }): Promise<void> {
  const t = translator(input.locale);
  const role = t(`organiser.roles.${input.role}`);
  const body = composeEmail({
    locale: input.locale,
    paragraphs: [
      t('organiser.invitation.mail.body', { inviter: input.inviter, organisation: input.organisation, role }),
      t('organiser.invitation.mail.howTo', { email: input.to, days: input.days }),
    ],
    link: invitationLink(input.locale, input.token),
    closing: [t('organiser.invitation.mail.ignore')],
  });
  await sendEmail({
    to: input.to,
    locale: input.locale,
    kind: 'org-invitation',
    subject: t('organiser.invitation.mail.subject', { organisation: input.organisation }),
    ...body,
    sensitive: true,
  });
}
