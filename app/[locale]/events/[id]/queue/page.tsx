import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { QueueRoom } from '@/components/queue/queue-room';
import { ClientMessages } from '@/lib/i18n/client-messages';
import { isLocale, type Locale } from '@/lib/i18n/routing';
import { requireSignedIn } from '@/lib/server/auth/guard';
import { cachedEventDetail } from '@/lib/server/events';
import { queueStatus } from '@/lib/server/queue/fan';

type Props = PageProps<'/[locale]/events/[id]/queue'>;

export async function generateMetadata({ params }: Props) {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : 'sk', namespace: 'queue' });
  // The fan's own place: never in search results.
  return { title: t('title'), robots: { index: false } };
}

/** The fan's place, read on the server so a reload shows it at once; the client keeps it fresh. */
async function Place({ locale, id }: { locale: Locale; id: string }) {
  const user = await requireSignedIn(locale, { pathname: '/events/[id]/queue', params: { id } });
  const result = await queueStatus({ userId: user.id, eventRef: id });
  if (!result.ok) notFound();
  return <QueueRoom sale={{ kind: 'event', ref: id }} initial={result.status} />;
}

export default async function QueuePage({ params }: Props) {
  const { locale: raw, id } = await params;
  const locale = isLocale(raw) ? raw : 'sk';
  setRequestLocale(locale);
  const detail = id.length <= 120 ? await cachedEventDetail(id) : null;
  if (!detail) notFound();
  const t = await getTranslations('queue');
  return (
    <ClientMessages locale={locale} namespaces={['queue']}>
      <div className="mx-auto max-w-xl space-y-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
          <p className="mt-1 text-slate-700">{detail.title[locale]}</p>
        </div>
        <p className="text-slate-700">{t('intro')}</p>
        <Suspense fallback={<div aria-busy="true" className="h-48 animate-pulse rounded-xl bg-slate-100" />}>
          <Place locale={locale} id={id} />
        </Suspense>
      </div>
    </ClientMessages>
  );
}
