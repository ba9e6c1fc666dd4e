import { Suspense } from 'react';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ConsoleSkeleton } from '@/components/organiser/console-frame';
import { ApplicationsPanel } from '@/components/onboarding/applications-panel';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';
import { requireSignedIn } from '@/lib/server/auth/guard';
import { listApplications } from '@/lib/server/onboarding/applications';

export async function generateMetadata({ params }: PageProps<'/[locale]/admin/applications'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'onboarding.admin' });
  return { ...pageMetadata({ locale, href: '/admin/applications', title: t('title') }), robots: { index: false, follow: false } };
}

/** Tribuna admins' review of applications to sell; anyone else finds no page here (404), as if it did not exist. */
async function ApplicationsScreen({ locale }: { locale: Locale }) {
  const user = await requireSignedIn(locale, '/admin/applications');
  const result = await listApplications(user);
  if (!result.ok) notFound();
  const t = await getTranslations('onboarding.admin');
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
      <p className="max-w-3xl text-slate-700">{t('intro')}</p>
      <ApplicationsPanel applications={result.applications} />
    </div>
  );
}

export default async function AdminApplicationsPage({ params }: PageProps<'/[locale]/admin/applications'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  return (
    <Suspense fallback={<ConsoleSkeleton />}>
      <ApplicationsScreen locale={locale} />
    </Suspense>
  );
}
