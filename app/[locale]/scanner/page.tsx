import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ScannerConsole } from '@/components/scanner/scanner-console';
import { Link } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';
import { getCurrentUser } from '@/lib/server/auth/current-user';
import { scannerEvents } from '@/lib/server/scan/access';

export async function generateMetadata({ params }: PageProps<'/[locale]/scanner'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'scanner' });
  return { ...pageMetadata({ locale, href: '/scanner', title: t('title') }), robots: { index: false } };
}

async function ScannerForViewer() {
  const [t, user] = await Promise.all([getTranslations('scanner'), getCurrentUser()]);
  if (!user) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-6">
        <p>{t('signInRequired')}</p>
        <Link href={{ pathname: '/signin', query: { next: '/scanner' } }} className="mt-4 inline-block rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white">
          {(await getTranslations('tickets'))('signInCta')}
        </Link>
      </div>
    );
  }
  const access = await scannerEvents(user.id);
  if (!access.ok) return <p className="rounded-xl border border-slate-200 bg-white p-6">{t('notAllowed')}</p>;
  return <ScannerConsole events={access.events} />;
}

export default async function ScannerPage({ params }: PageProps<'/[locale]/scanner'>) {
  setRequestLocale((await params).locale as Locale);
  const t = await getTranslations('scanner');
  // A gate screen: the fan's navigation is hidden while it is shown (app/globals.css).
  return (
    <div className="space-y-6" data-gate-screen>
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <Suspense fallback={<p aria-busy="true" className="h-24" />}>
        <ScannerForViewer />
      </Suspense>
    </div>
  );
}
