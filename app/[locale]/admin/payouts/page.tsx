import { Suspense } from 'react';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ConsoleSkeleton } from '@/components/organiser/console-frame';
import { PayoutRunsPanel } from '@/components/payouts/payout-runs-panel';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';
import { requireSignedIn } from '@/lib/server/auth/guard';
import { payoutRunsOverview } from '@/lib/server/payouts/runs';

export async function generateMetadata({ params }: PageProps<'/[locale]/admin/payouts'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'payouts.admin' });
  return { ...pageMetadata({ locale, href: '/admin/payouts', title: t('title') }), robots: { index: false, follow: false } };
}

/** Tribuna admins' payout runs; anyone else finds no page here (404), as if it did not exist. */
async function PayoutsScreen({ locale }: { locale: Locale }) {
  const user = await requireSignedIn(locale, '/admin/payouts');
  const overview = await payoutRunsOverview(user);
  if (!overview.ok) notFound();
  const t = await getTranslations('payouts.admin');
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
      <p className="max-w-3xl text-slate-700">{t('intro')}</p>
      <PayoutRunsPanel due={overview.due} runs={overview.runs} />
    </div>
  );
}

export default async function AdminPayoutsPage({ params }: PageProps<'/[locale]/admin/payouts'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  return (
    <Suspense fallback={<ConsoleSkeleton />}>
      <PayoutsScreen locale={locale} />
    </Suspense>
  );
}
