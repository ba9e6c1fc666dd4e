import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { QueuePage, queuePageMetadata } from '@/components/queue/queue-page';
import { QueueRoom } from '@/components/queue/queue-room';
import { isLocale, type Locale } from '@/lib/i18n/routing';
import { requireSignedIn } from '@/lib/server/auth/guard';
import { cachedEventDetail } from '@/lib/server/events';
import { queueStatus } from '@/lib/server/queue/fan';

type Props = PageProps<'/[locale]/events/[id]/queue'>;

export async function generateMetadata({ params }: Props) {
  return queuePageMetadata(params);
}

/** The fan's place, read on the server so a reload shows it at once; the client keeps it fresh. */
async function Place({ locale, id }: { locale: Locale; id: string }) {
  const user = await requireSignedIn(locale, { pathname: '/events/[id]/queue', params: { id } });
  const result = await queueStatus({ userId: user.id, eventRef: id });
  if (!result.ok) notFound();
  return <QueueRoom sale={{ kind: 'event', ref: id }} initial={result.status} />;
}

export default async function EventQueuePage({ params }: Props) {
  const { locale: raw, id } = await params;
  const locale = isLocale(raw) ? raw : 'sk';
  setRequestLocale(locale);
  const detail = id.length <= 120 ? await cachedEventDetail(id) : null;
  if (!detail) notFound();
  return (
    <QueuePage locale={locale} saleName={detail.title[locale]}>
      <Place locale={locale} id={id} />
    </QueuePage>
  );
}
