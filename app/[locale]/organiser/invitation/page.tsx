import { connection } from 'next/server';
import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AuthCard, FormPlaceholder } from '@/components/auth/auth-card';
import { AcceptInvitation, InvitationSignIn, InvitationSignUp, SignOutAndContinue } from '@/components/organiser/accept-invitation';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';
import { getCurrentUser } from '@/lib/server/auth/current-user';
import { previewInvitation } from '@/lib/server/team/invitations';
import { dateTimeFormat } from '@/lib/i18n/formats';

export async function generateMetadata({ params }: PageProps<'/[locale]/organiser/invitation'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'organiser.invitation' });
  return { ...pageMetadata({ locale, href: '/organiser/invitation', title: t('title') }), robots: { index: false, follow: false } };
}

/**
 * What a team invitation's link opens: the organisation, the role and who invited; then one way on
 * (components/organiser/accept-invitation.tsx): make the account of the invited address, sign in to
 * it, accept as it, or sign out of another account first.
 */
async function Invitation({ locale, searchParams }: { locale: Locale; searchParams: PageProps<'/[locale]/organiser/invitation'>['searchParams'] }) {
  // Per request: whether a link is still valid depends on the time it is opened.
  await connection();
  const raw = (await searchParams).token;
  const token = typeof raw === 'string' ? raw : '';
  const t = await getTranslations('organiser');
  const preview = token ? await previewInvitation(token) : null;
  if (!preview || preview.state !== 'open') {
    const state = preview?.state === 'expired' || preview?.state === 'used' ? preview.state : 'invalid';
    return (
      <div className="space-y-2">
        <h2 className="text-xl font-semibold">{t(`invitation.${state}.title`)}</h2>
        <p className="text-slate-700">{t(`invitation.${state}.text`, { organisation: preview?.organisation.name ?? '' })}</p>
      </div>
    );
  }
  const role = t(`roles.${preview.role}`);
  const organisation = preview.organisation.name;
  const expires = dateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(preview.expiresAt));
  const user = await getCurrentUser();
  const forThem = user && user.email.trim().toLowerCase() === preview.email.toLowerCase();
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <p className="text-lg">
          {preview.invitedBy ? t('invitation.lead', { inviter: preview.invitedBy, organisation, role }) : t('invitation.leadAnonymous', { organisation, role })}
        </p>
        <p className="text-slate-700">{t('invitation.sentTo', { email: preview.email })}</p>
        <p className="text-sm text-slate-700">{t('invitation.expires', { date: expires })}</p>
      </div>
      {user ? (
        forThem ? (
          <div className="space-y-3">
            <p className="text-sm text-slate-700">{t('invitation.signedInAs', { email: user.email })}</p>
            <AcceptInvitation token={token} />
          </div>
        ) : (
          <SignOutAndContinue current={user.email} email={preview.email} />
        )
      ) : preview.hasAccount ? (
        <InvitationSignIn token={token} email={preview.email} />
      ) : (
        <InvitationSignUp token={token} email={preview.email} />
      )}
    </div>
  );
}

export default async function InvitationPage({ params, searchParams }: PageProps<'/[locale]/organiser/invitation'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('organiser.invitation');
  return (
    <AuthCard title={t('title')}>
      <Suspense fallback={<FormPlaceholder rows={3} />}>
        <Invitation locale={locale} searchParams={searchParams} />
      </Suspense>
    </AuthCard>
  );
}
