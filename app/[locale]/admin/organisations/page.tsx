import { Suspense } from 'react';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ConsoleSkeleton } from '@/components/organiser/console-frame';
import { OrganisationsPanel } from '@/components/organisations/organisations-panel';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';
import { requireSignedIn } from '@/lib/server/auth/guard';
import { listOrganisations } from '@/lib/server/organisations/admin';

export async function generateMetadata({ params }: PageProps<'/[locale]/admin/organisations'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'organisations' });
  return { ...pageMetadata({ locale, href: '/admin/organisations', title: t('title') }), robots: { index: false, follow: false } };
}

/** Tribuna admins' organisations, their payment providers and terms; anyone else finds no page here (404), as if it did not exist. */
async function OrganisationsScreen({ locale }: { locale: Locale }) {
  const user = await requireSignedIn(locale, '/admin/organisations');
  const result = await listOrganisations(user);
  if (!result.ok) notFound();
  const t = await getTranslations('organisations');
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
      <p className="max-w-3xl text-slate-700">{t('intro')}</p>
      <OrganisationsPanel organisations={result.organisations} providers={result.providers} />
    </div>
  );
}

export default async function AdminOrganisationsPage({ params }: PageProps<'/[locale]/admin/organisations'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  return (
    <Suspense fallback={<ConsoleSkeleton />}>
      <OrganisationsScreen locale={locale} />
    </Suspense>
  );
}
