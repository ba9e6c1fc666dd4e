import { getTranslations, setRequestLocale } from 'next-intl/server';
import { EmailLinkPage, InvalidEmailLink, queryValue } from '@/components/auth/email-link';
import { PasswordResetForm } from '@/components/auth/password-reset-forms';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';

export async function generateMetadata({ params }: PageProps<'/[locale]/password-reset/new'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'passwordReset' });
  return { ...pageMetadata({ locale, href: '/password-reset/new', title: t('newTitle') }), robots: { index: false } };
}

async function ResetFromLink({ searchParams }: { searchParams: PageProps<'/[locale]/password-reset/new'>['searchParams'] }) {
  const query = await searchParams;
  const token = queryValue(query.token);
  const t = await getTranslations('passwordReset');
  if (!token) {
    return <InvalidEmailLink message={t('invalidLink')} next={{ href: '/password-reset', label: t('requestNew') }} />;
  }
  return <PasswordResetForm token={token} email={queryValue(query.email)} />;
}

export default async function NewPasswordPage({ params, searchParams }: PageProps<'/[locale]/password-reset/new'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('passwordReset');
  return (
    <EmailLinkPage title={t('newTitle')} lead={t('newLead')} rows={3}>
      <ResetFromLink searchParams={searchParams} />
    </EmailLinkPage>
  );
}
