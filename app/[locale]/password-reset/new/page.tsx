import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AuthCard, FormPlaceholder } from '@/components/auth/auth-card';
import { FormAlert } from '@/components/auth/form-parts';
import { PasswordResetForm } from '@/components/auth/password-reset-forms';
import { Link } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';

export async function generateMetadata({ params }: PageProps<'/[locale]/password-reset/new'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'passwordReset' });
  return { ...pageMetadata({ locale, href: '/password-reset/new', title: t('newTitle') }), robots: { index: false } };
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

async function ResetFromLink({ searchParams }: { searchParams: PageProps<'/[locale]/password-reset/new'>['searchParams'] }) {
  const query = await searchParams;
  const token = first(query.token);
  const t = await getTranslations('passwordReset');
  if (!token) {
    return (
      <div className="space-y-4">
        <FormAlert message={t('invalidLink')} />
        <Link href="/password-reset" className="inline-block text-emerald-800 underline">
          {t('requestNew')}
        </Link>
      </div>
    );
  }
  return <PasswordResetForm token={token} email={first(query.email)} />;
}

export default async function NewPasswordPage({ params, searchParams }: PageProps<'/[locale]/password-reset/new'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('passwordReset');
  return (
    <AuthCard title={t('newTitle')} lead={t('newLead')}>
      <Suspense fallback={<FormPlaceholder rows={3} />}>
        <ResetFromLink searchParams={searchParams} />
      </Suspense>
    </AuthCard>
  );
}
