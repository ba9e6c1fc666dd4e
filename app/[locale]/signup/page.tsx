import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AuthCard, FormPlaceholder } from '@/components/auth/auth-card';
import { SignUpForm } from '@/components/auth/sign-up-form';
import { RETURN_PARAM, safeReturnPath } from '@/lib/auth/return-path';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';
import { redirectIfSignedIn } from '@/lib/server/auth/guard';

export async function generateMetadata({ params }: PageProps<'/[locale]/signup'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'auth' });
  return pageMetadata({ locale, href: '/signup', title: t('signUpTitle') });
}

async function SignUpGate({ locale, searchParams }: { locale: Locale; searchParams: PageProps<'/[locale]/signup'>['searchParams'] }) {
  const next = safeReturnPath((await searchParams)[RETURN_PARAM]);
  await redirectIfSignedIn(locale, next);
  return <SignUpForm next={next} />;
}

export default async function SignUpPage({ params, searchParams }: PageProps<'/[locale]/signup'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('auth');
  return (
    <AuthCard title={t('signUpTitle')} lead={t('signUpLead')}>
      <Suspense fallback={<FormPlaceholder rows={6} />}>
        <SignUpGate locale={locale} searchParams={searchParams} />
      </Suspense>
    </AuthCard>
  );
}
