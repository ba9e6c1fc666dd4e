import { Suspense } from 'react';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { EventContent } from '@/components/events/event-content';
import { ConsoleSkeleton } from '@/components/organiser/console-frame';
import { EventFrame } from '@/components/organiser/event-frame';
import { ClientMessages } from '@/lib/i18n/client-messages';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { getEventDetail } from '@/lib/server/events/detail';
import { eventScreen, eventScreenMetadata } from '../../../console-page';

const screenMetadata = eventScreenMetadata('/organiser/events/[eventId]/preview', 'organiser.publish.previewTitle');

/** Never indexed: a draft's page exists for the organisation's members only. */
export async function generateMetadata(props: { params: Promise<{ locale: string; eventId: string }> }): Promise<Metadata> {
  return { ...(await screenMetadata(props)), robots: { index: false, follow: false } };
}

/**
 * The fan's page of the event as it will look (a draft too), for the organisation's members only
 * (eventScreen checks the role; another organisation's event is 404), marked as a preview; buying is off.
 */
async function Preview({ params }: { params: Promise<{ locale: string; eventId: string }> }) {
  const { eventId, ...rest } = await params;
  const locale = rest.locale as Locale;
  setRequestLocale(locale);
  const { access, event } = await eventScreen(locale, '/organiser/events/[eventId]/preview', eventId);
  const t = await getTranslations('organiser.publish');
  if (!access.ok || !event) return <EventFrame access={access} event={event} deniedTitle={t('previewTitle')}>{null}</EventFrame>;
  const detail = await getEventDetail(eventId, { draft: true });
  if (!detail) notFound();
  return (
    <EventFrame access={access} event={event} deniedTitle={t('previewTitle')}>
      <p role="status" className="rounded-lg border-2 border-amber-500 bg-amber-50 p-3 font-semibold text-amber-950" data-testid="preview-banner">
        {t('previewBanner')}{' '}
        <Link href={{ pathname: '/organiser/events/[eventId]', params: { eventId } }} className="underline">
          {t('backToEvent')}
        </Link>
      </p>
      <div className="rounded-xl border border-dashed border-amber-400 p-4">
        <ClientMessages locale={locale} namespaces={['event', 'seatMap', 'resaleBuying', 'waitingList', 'packages.fan', 'concessions.seats', 'concessions.kinds', 'concessions.ticket.badge']}>
          <EventContent locale={locale} detail={detail} preview />
        </ClientMessages>
      </div>
    </EventFrame>
  );
}

export default function PreviewPage({ params }: PageProps<'/[locale]/organiser/events/[eventId]/preview'>) {
  return (
    <Suspense fallback={<ConsoleSkeleton />}>
      <Preview params={params} />
    </Suspense>
  );
}
