import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { eventDateTimeFormat } from '@/components/events/format';
import { allowedImage } from '@/components/events/safe-image';
import { ClientMessages } from '@/lib/i18n/client-messages';
import { alternatesFor } from '@/lib/i18n/metadata';
import { getPathname } from '@/lib/i18n/navigation';
import { isLocale, type Locale } from '@/lib/i18n/routing';
import { cachedEventDetail } from '@/lib/server/events';
import { EventContent } from '@/components/events/event-content';
import { formatDate } from '@/lib/i18n/formats';
import { Link } from '@/lib/i18n/navigation';
import { queuedEventId } from '@/lib/server/queue/admission';

type Props = PageProps<'/[locale]/events/[id]'>;

/**
 * What the page's client components read (TicketPicker with its seat map and lists, ResaleOffers,
 * WheelchairPlaces, PackageOffers, WaitingListPanel): the messages ride in the page's HTML, so the page
 * carries only these, not the cart's and checkout's (those pages have their own: event-step.tsx).
 */
const EVENT_PAGE_NAMESPACES = ['event', 'seatMap', 'auth.signInRequiredTitle', 'auth.signInRequiredText', 'resaleBuying', 'waitingList', 'packages.fan', 'concessions.seats', 'concessions.kinds', 'concessions.ticket.badge'];

async function load(params: Props['params']) {
  const { locale: raw, id } = await params;
  const locale: Locale = isLocale(raw) ? raw : 'sk';
  const detail = id.length <= 120 ? await cachedEventDetail(id) : null;
  return { locale, id, detail };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, detail } = await load(params);
  if (!detail) return {};
  const seo = await getTranslations({ locale, namespace: 'seo' });
  const href = { pathname: '/events/[id]' as const, params: { id: detail.id } };
  const title = detail.title[locale];
  const description = seo('eventDescription', {
    summary: detail.summary[locale],
    date: formatDate(new Date(detail.startsAt), locale, eventDateTimeFormat),
    venue: detail.venue.name,
    city: detail.venue.city,
  });
  const image = allowedImage(detail.imageUrl, process.env.STORAGE_CDN_HOST) ? detail.imageUrl : undefined;
  return {
    title,
    description,
    alternates: alternatesFor(locale, href),
    openGraph: {
      title,
      description,
      locale,
      siteName: 'Tribuna',
      type: 'website',
      url: getPathname({ locale, href }),
      images: image ? [{ url: image, width: 1600, height: 900, alt: title }] : undefined,
    },
    twitter: { card: 'summary_large_image', title, description, images: image ? [image] : undefined },
    robots: detail.isPast ? { index: false } : undefined,
  };
}

// The event is looked up before anything renders, so an unknown id or a draft answers with HTTP 404
// (not a streamed soft 404). The shell's header reads the URL, so this route renders at request time
// anyway; the event data itself comes from the catalogue cache.
export const instant = false;

export default async function EventPage({ params }: Props) {
  const { locale, detail } = await load(params);
  setRequestLocale(locale);
  if (!detail) notFound();
  // A queued on-sale: tickets are bought through the waiting room (plain HTML, no script of its own).
  const queued = (await queuedEventId(detail.id)) !== null;
  const t = queued ? await getTranslations({ locale, namespace: 'queue' }) : null;
  return (
    <ClientMessages locale={locale} namespaces={EVENT_PAGE_NAMESPACES}>
      {t && (
        <p className="mx-auto mb-4 max-w-5xl rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <Link href={{ pathname: '/events/[id]/queue', params: { id: detail.id } }} className="font-semibold text-emerald-900 underline underline-offset-2" data-testid="join-queue">
            {t('joinQueue')}
          </Link>
        </p>
      )}
      <EventContent locale={locale} detail={detail} />
    </ClientMessages>
  );
}
