import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { PasswordResetRequestForm } from '@/components/auth/password-reset-forms';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';

export async function generateMetadata({ params }: PageProps<'/[locale]/password-reset'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'passwordReset' });
  return { ...pageMetadata({ locale, href: '/password-reset', title: t('title') }), robots: { index: false } };
}

export default async function PasswordResetPage({ params }: PageProps<'/[locale]/password-reset'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('passwordReset');
  return (
    <AuthCard title={t('title')} lead={t('lead')}>
      <PasswordResetRequestForm />
    </AuthCard>
  );
}
