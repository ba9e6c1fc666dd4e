import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import { ClientMessages } from '@/lib/i18n/client-messages';
import { isLocale, type Locale } from '@/lib/i18n/routing';

/** A queue page's metadata: its title, and never in search results (the fan's own place). */
export async function queuePageMetadata(params: Promise<{ locale: string }>) {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : 'sk', namespace: 'queue' });
  return { title: t('title'), robots: { index: false } };
}

/** The waiting room's page of one sale (an event's or a season's): its name, the intro, and the fan's place. */
export async function QueuePage({ locale, saleName, children }: { locale: Locale; saleName: string; children: ReactNode }) {
  const t = await getTranslations('queue');
  return (
    <ClientMessages locale={locale} namespaces={['queue']}>
      <div className="mx-auto max-w-xl space-y-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
          <p className="mt-1 text-slate-700">{saleName}</p>
        </div>
        <p className="text-slate-700">{t('intro')}</p>
        <Suspense fallback={<div aria-busy="true" className="h-48 animate-pulse rounded-xl bg-slate-100" />}>{children}</Suspense>
      </div>
    </ClientMessages>
  );
}
