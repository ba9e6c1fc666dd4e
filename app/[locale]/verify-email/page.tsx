import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { connection } from 'next/server';
import { AuthCard, FormPlaceholder } from '@/components/auth/auth-card';
import { FormAlert } from '@/components/auth/form-parts';
import { VerifyEmailForm } from '@/components/auth/verify-email-form';
import { Link } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';
import { getCurrentUser } from '@/lib/server/auth/current-user';
import { describeVerificationLink } from '@/lib/server/auth/email-verification';

export async function generateMetadata({ params }: PageProps<'/[locale]/verify-email'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'verifyEmail' });
  return { ...pageMetadata({ locale, href: '/verify-email', title: t('title') }), robots: { index: false } };
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

/**
 * The landing page of an emailed verification link. Opening it changes nothing (mail scanners open
 * links too): the person confirms with a button, and gives the account's password unless signed in as it.
 */
async function FromLink({ searchParams }: { searchParams: PageProps<'/[locale]/verify-email'>['searchParams'] }) {
  const token = first((await searchParams).token);
  // Request time only: whether the link is live depends on the clock, which a prefetch may not read.
  await connection();
  const [link, user] = await Promise.all([describeVerificationLink(token), getCurrentUser()]);
  const t = await getTranslations();
  if (!link) {
    return (
      <div className="space-y-4">
        <FormAlert message={t('errors.verifyInvalid')} />
        <Link href="/profile" className="inline-block text-emerald-800 underline">
          {t('verifyEmail.toProfile')}
        </Link>
      </div>
    );
  }
  return <VerifyEmailForm token={token} email={link.email} change={link.change} needsPassword={user?.id !== link.userId} signedIn={user?.id === link.userId} />;
}

export default async function VerifyEmailPage({ params, searchParams }: PageProps<'/[locale]/verify-email'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('verifyEmail');
  return (
    <AuthCard title={t('title')}>
      <Suspense fallback={<FormPlaceholder rows={2} />}>
        <FromLink searchParams={searchParams} />
      </Suspense>
    </AuthCard>
  );
}
