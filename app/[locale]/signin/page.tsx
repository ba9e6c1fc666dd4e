import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AuthCard, FormPlaceholder } from '@/components/auth/auth-card';
import { SignInForm } from '@/components/auth/sign-in-form';
import { RETURN_PARAM, safeReturnPath } from '@/lib/auth/return-path';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';
import { redirectIfSignedIn } from '@/lib/server/auth/guard';

export async function generateMetadata({ params }: PageProps<'/[locale]/signin'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'auth' });
  return { ...pageMetadata({ locale, href: '/signin', title: t('signInTitle') }), robots: { index: false } };
}

async function SignInGate({ locale, searchParams }: { locale: Locale; searchParams: PageProps<'/[locale]/signin'>['searchParams'] }) {
  const query = await searchParams;
  const next = safeReturnPath(query[RETURN_PARAM]);
  await redirectIfSignedIn(locale, next);
  const t = await getTranslations('passwordReset');
  return <SignInForm next={next} notice={query.reset === '1' ? t('done') : null} />;
}

export default async function SignInPage({ params, searchParams }: PageProps<'/[locale]/signin'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('auth');
  return (
    <AuthCard title={t('signInTitle')} lead={t('signInLead')}>
      <Suspense fallback={<FormPlaceholder rows={3} />}>
        <SignInGate locale={locale} searchParams={searchParams} />
      </Suspense>
    </AuthCard>
  );
}
