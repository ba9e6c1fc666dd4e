import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { eventDateTimeFormat, formatMoney, type Money } from './format';
import { Picture } from './picture';
import { allowedImage, CARD_SIZES } from './safe-image';
import { formatDate } from '@/lib/i18n/formats';

export type EventCardData = {
  id: string;
  title: string;
  category: 'sport' | 'concert' | 'festival';
  status: 'on_sale' | 'sold_out' | 'cancelled';
  startsAt: string;
  venue: { name: string; city: string };
  imageUrl: string;
  lowestPrice: Money | null;
};

/**
 * One event in a list: image, title, date and time, venue and city, 'From' + the lowest available price.
 * `heading`: the title's level, one below the list's own heading (h3 under home's "Upcoming events" h2,
 * h2 on the events list, whose heading is the page's h1).
 */
export async function EventCard({ event, priority = false, heading: Heading = 'h3' }: { event: EventCardData; priority?: boolean; heading?: 'h2' | 'h3' }) {
  const [t, locale] = await Promise.all([getTranslations('events'), getLocale()]);
  const showImage = allowedImage(event.imageUrl, process.env.STORAGE_CDN_HOST);
  return (
    <li className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <div className="relative aspect-[16/9] bg-slate-200">
        {showImage && (
          <Picture src={event.imageUrl} alt="" sizes={CARD_SIZES} className="object-cover" lcp={priority} />
        )}
        <span className="absolute left-3 top-3 rounded-full bg-white/95 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
          {t(`categories.${event.category}`)}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <Heading className="text-lg font-semibold leading-snug">
          <Link href={{ pathname: '/events/[id]', params: { id: event.id } }} className="after:absolute after:inset-0 focus-visible:outline-none">
            {event.title}
          </Link>
        </Heading>
        <p className="text-sm text-slate-700">
          <time dateTime={event.startsAt}>{formatDate(new Date(event.startsAt), locale, eventDateTimeFormat)}</time>
        </p>
        <p className="text-sm text-slate-700">
          {event.venue.name}, {event.venue.city}
        </p>
        <p className="mt-auto pt-3 text-base" data-testid="event-price">
          {event.status === 'cancelled' ? (
            <span className="font-semibold text-red-800">{t('cancelled')}</span>
          ) : event.lowestPrice ? (
            <>
              <span className="text-slate-700">{t('from')} </span>
              <span className="font-bold text-emerald-900">{formatMoney(event.lowestPrice, locale)}</span>
            </>
          ) : (
            <span className="font-semibold text-slate-700">{event.status === 'sold_out' ? t('soldOut') : t('noPrice')}</span>
          )}
        </p>
      </div>
    </li>
  );
}

export function EventGrid({ children }: { children: React.ReactNode }) {
  return <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>;
}
