import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { setRequestLocale } from 'next-intl/server';
import { QueuePage, queuePageMetadata } from '@/components/queue/queue-page';
import { QueueRoom } from '@/components/queue/queue-room';
import { isLocale, type Locale } from '@/lib/i18n/routing';
import { requireSignedIn } from '@/lib/server/auth/guard';
import { queueStatus } from '@/lib/server/queue/fan';
import { seasonSale } from '@/lib/server/seasons/sale';

type Props = PageProps<'/[locale]/seasons/[slug]/queue'>;

export async function generateMetadata({ params }: Props) {
  return queuePageMetadata(params);
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
  return (
    <QueuePage locale={locale} saleName={sale.name[locale]}>
      <Place locale={locale} slug={slug} />
    </QueuePage>
  );
}
