import { getTranslations, setRequestLocale } from 'next-intl/server';
import { connection } from 'next/server';
import { EmailLinkPage, InvalidEmailLink, queryValue } from '@/components/auth/email-link';
import { VerifyEmailForm } from '@/components/auth/verify-email-form';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';
import { getCurrentUser } from '@/lib/server/auth/current-user';
import { describeVerificationLink } from '@/lib/server/auth/email-verification';

export async function generateMetadata({ params }: PageProps<'/[locale]/verify-email'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'verifyEmail' });
  return { ...pageMetadata({ locale, href: '/verify-email', title: t('title') }), robots: { index: false } };
}

/**
 * The landing page of an emailed verification link. Opening it changes nothing (mail scanners open
 * links too): the person confirms with a button, and gives the account's password unless signed in as it.
 */
async function FromLink({ searchParams }: { searchParams: PageProps<'/[locale]/verify-email'>['searchParams'] }) {
  const token = queryValue((await searchParams).token);
  // Request time only: whether the link is live depends on the clock, which a prefetch may not read.
  await connection();
  const [link, user] = await Promise.all([describeVerificationLink(token), getCurrentUser()]);
  const t = await getTranslations();
  if (!link) {
    return <InvalidEmailLink message={t('errors.verifyInvalid')} next={{ href: '/profile', label: t('verifyEmail.toProfile') }} />;
  }
  return <VerifyEmailForm token={token} email={link.email} change={link.change} needsPassword={user?.id !== link.userId} signedIn={user?.id === link.userId} />;
}

export default async function VerifyEmailPage({ params, searchParams }: PageProps<'/[locale]/verify-email'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('verifyEmail');
  return (
    <EmailLinkPage title={t('title')}>
      <FromLink searchParams={searchParams} />
    </EmailLinkPage>
  );
}
