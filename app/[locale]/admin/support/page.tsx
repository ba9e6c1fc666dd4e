import { Suspense } from 'react';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ConsoleSkeleton } from '@/components/organiser/console-frame';
import { SupportDesk } from '@/components/support/support-desk';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';
import { requireSignedIn } from '@/lib/server/auth/guard';
import { supportEvents } from '@/lib/server/support/desk';

export async function generateMetadata({ params }: PageProps<'/[locale]/admin/support'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'support' });
  return { ...pageMetadata({ locale, href: '/admin/support', title: t('adminTitle') }), robots: { index: false, follow: false } };
}

/** Tribuna admins' support desk over every organisation; anyone else finds no page here (404). */
async function SupportScreen({ locale }: { locale: Locale }) {
  const user = await requireSignedIn(locale, '/admin/support');
  const events = await supportEvents(user, undefined, locale);
  if (!events.ok) notFound();
  const t = await getTranslations('support');
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('adminTitle')}</h1>
      <p className="max-w-3xl text-slate-700">{t('intro')}</p>
      <SupportDesk events={events.events} />
    </div>
  );
}

export default async function AdminSupportPage({ params }: PageProps<'/[locale]/admin/support'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  return (
    <Suspense fallback={<ConsoleSkeleton />}>
      <SupportScreen locale={locale} />
    </Suspense>
  );
}
