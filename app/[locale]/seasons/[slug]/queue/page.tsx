import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { QueueRoom } from '@/components/queue/queue-room';
import { ClientMessages } from '@/lib/i18n/client-messages';
import { isLocale, type Locale } from '@/lib/i18n/routing';
import { requireSignedIn } from '@/lib/server/auth/guard';
import { queueStatus } from '@/lib/server/queue/fan';
import { seasonSale } from '@/lib/server/seasons/sale';

type Props = PageProps<'/[locale]/seasons/[slug]/queue'>;

export async function generateMetadata({ params }: Props) {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : 'sk', namespace: 'queue' });
  // The fan's own place: never in search results.
  return { title: t('title'), robots: { index: false } };
}

/** The fan's place in the season sale's queue, read on the server so a reload shows it at once; the client keeps it fresh. */
async function Place({ locale, slug }: { locale: Locale; slug: string }) {
  const user = await requireSignedIn(locale, { pathname: '/seasons/[slug]/queue', params: { slug } });
  const result = await queueStatus({ userId: user.id, seasonRef: slug });
  if (!result.ok) notFound();
  return <QueueRoom sale={{ kind: 'season', ref: slug }} initial={result.status} />;
}

// The season is looked up at request time (its sale reads the clock).
export const instant = false;

/** A queued season ticket sale's waiting room: the same queue page as an event's. */
export default async function SeasonQueuePage({ params }: Props) {
  const { locale: raw, slug } = await params;
  const locale = isLocale(raw) ? raw : 'sk';
  setRequestLocale(locale);
  await connection();
  const sale = slug.length <= 200 ? await seasonSale(slug, null) : null;
  if (!sale) notFound();
  const t = await getTranslations('queue');
  return (
    <ClientMessages locale={locale} namespaces={['queue']}>
      <div className="mx-auto max-w-xl space-y-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
          <p className="mt-1 text-slate-700">{sale.name[locale]}</p>
        </div>
        <p className="text-slate-700">{t('intro')}</p>
        <Suspense fallback={<div aria-busy="true" className="h-48 animate-pulse rounded-xl bg-slate-100" />}>
          <Place locale={locale} slug={slug} />
        </Suspense>
      </div>
    </ClientMessages>
  );
}
