// The fan's event page (app/[locale]/events/[id]) and the organiser's preview of a draft render this one component.
import { getTranslations } from 'next-intl/server';
import { eventDateTimeFormat, eventTimeFormat, formatMoney } from '@/components/events/format';
import { Gallery } from '@/components/events/gallery';
import { Picture } from '@/components/events/picture';
import { ShareEvent } from '@/components/events/share-event';
import { allowedImage, HERO_SIZES } from '@/components/events/safe-image';
import { TicketPicker, type PickerTicketType } from '@/components/events/ticket-picker';
import { LaterPackageOffers, LaterWaitingListPanel } from '@/components/events/later-panels';
import { SeatSelectionProvider } from '@/components/seats/seat-selection';
import { appUrl } from '@/lib/app-url';
import { getPathname, Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { hasLineUp } from '@/lib/schemas/events';
import type { EventDetail } from '@/lib/server/events';
import { formatDate } from '@/lib/i18n/formats';
import { majorUnits } from '@/lib/money';

/** schema.org Event with its offers, for search engines (one per price category, plus the cheapest resale). */
function jsonLd(detail: EventDetail, locale: Locale) {
  const origin = appUrl();
  const url = origin + getPathname({ locale, href: { pathname: '/events/[id]', params: { id: detail.id } } });
  const absolute = (src: string) => (src.startsWith('/') ? origin + src : src);
  const statusMap = { on_sale: 'EventScheduled', sold_out: 'EventScheduled', cancelled: 'EventCancelled' } as const;
  return {
    '@context': 'https://schema.org',
    '@type': detail.category === 'sport' ? 'SportsEvent' : detail.category === 'festival' ? 'Festival' : 'MusicEvent',
    name: detail.title[locale],
    description: detail.description[locale],
    startDate: detail.startsAt,
    ...(detail.endsAt ? { endDate: detail.endsAt } : {}),
    ...(detail.doorsAt ? { doorTime: detail.doorsAt } : {}),
    eventStatus: `https://schema.org/${statusMap[detail.status]}`,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    inLanguage: locale,
    url,
    image: [detail.imageUrl, ...detail.gallery.map((g) => g.src)].filter((src, i, all) => all.indexOf(src) === i).map(absolute),
    location: {
      '@type': 'Place',
      name: detail.venue.name,
      address: { '@type': 'PostalAddress', streetAddress: detail.venue.address, addressLocality: detail.venue.city, addressCountry: detail.venue.country },
      ...(detail.venue.latitude != null && detail.venue.longitude != null
        ? { geo: { '@type': 'GeoCoordinates', latitude: detail.venue.latitude, longitude: detail.venue.longitude } }
        : {}),
    },
    organizer: { '@type': 'Organization', name: detail.organiser.name, ...(detail.organiser.website ? { url: detail.organiser.website } : {}) },
    ...(detail.performers.length ? { performer: detail.performers.map((name) => ({ '@type': 'PerformingGroup', name })) } : {}),
    offers: detail.ticketTypes.map((type) => ({
      '@type': 'Offer',
      name: type.name[locale],
      category: 'primary',
      price: majorUnits(type.price.amount),
      priceCurrency: type.price.currency,
      availability: detail.status === 'on_sale' && !detail.isPast ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      url,
    })),
  };
}

const eventActionClass = 'inline-flex items-center rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50';

/**
 * The fan's event page of one event. `preview`: the organiser's preview of a draft (organiser/events/[eventId]/preview):
 * the same page without its structured data, calendar and share links; buying is off as for any event not on sale.
 */
export async function EventContent({ locale, detail, preview = false }: { locale: Locale; detail: EventDetail; preview?: boolean }) {
  const t = await getTranslations('event');
  const starts = new Date(detail.startsAt);
  const hero = allowedImage(detail.imageUrl, process.env.STORAGE_CDN_HOST);
  const onSale = detail.status === 'on_sale' && !detail.isPast;
  const types: PickerTicketType[] = detail.ticketTypes.map((x) => ({ id: x.id, name: x.name[locale], kind: x.kind, price: x.price, priceText: formatMoney(x.price, locale), color: x.color }));
  const mapsUrl =
    detail.venue.latitude != null && detail.venue.longitude != null
      ? `https://www.openstreetmap.org/?mlat=${detail.venue.latitude}&mlon=${detail.venue.longitude}#map=16/${detail.venue.latitude}/${detail.venue.longitude}`
      : null;

  return (
    <article className="space-y-10">
      {!preview && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd(detail, locale)).replace(/</g, '\\u003c') }} />}
      <header className="grid gap-6 lg:grid-cols-[3fr_2fr] lg:items-start">
        <div className="relative aspect-[16/9] overflow-hidden rounded-2xl bg-slate-200">
          {hero && <Picture src={detail.imageUrl} alt={detail.gallery[0]?.alt[locale] ?? detail.title[locale]} lcp sizes={HERO_SIZES} className="object-cover" />}
        </div>
        <div className="space-y-4">
          <h1 className="text-3xl font-bold leading-tight md:text-4xl">{detail.title[locale]}</h1>
          <p className="text-lg text-slate-700">{detail.summary[locale]}</p>
          <dl className="space-y-3">
            <div>
              <dt className="text-sm font-semibold uppercase tracking-wide text-slate-600">{t('time')}</dt>
              <dd className="text-lg">
                <time dateTime={detail.startsAt}>{formatDate(starts, locale, eventDateTimeFormat)}</time>
                {detail.doorsAt && <span className="block text-sm text-slate-700">{t('doors', { time: formatDate(new Date(detail.doorsAt), locale, eventTimeFormat) })}</span>}
                {detail.salePhase === 'not_yet' && detail.saleStartsAt && (
                  <span className="block text-sm font-medium text-slate-800">{t('salesOpen', { time: formatDate(new Date(detail.saleStartsAt), locale, eventDateTimeFormat) })}</span>
                )}
                {detail.salePhase === 'not_yet' && detail.priority && (
                  <span className="block text-sm font-medium text-slate-800" data-testid="priority-access">
                    {t('priorityAccess', { points: detail.priority.points, organiser: detail.organiser.name, time: formatDate(new Date(detail.priority.startsAt), locale, eventDateTimeFormat) })}
                  </span>
                )}
                {detail.salePhase === 'closed' && !detail.isPast && <span className="block text-sm font-medium text-slate-800">{t('salesClosed')}</span>}
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold uppercase tracking-wide text-slate-600">{t('location')}</dt>
              <dd>
                <address className="not-italic">
                  <span className="block text-lg">{detail.venue.name}</span>
                  <span className="block text-slate-700">{detail.venue.address}</span>
                </address>
                {mapsUrl && (
                  <a href={mapsUrl} className="text-sm font-medium text-emerald-900 underline" rel="noopener" target="_blank">
                    {t('map')}
                  </a>
                )}
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold uppercase tracking-wide text-slate-600">{t('organiser')}</dt>
              <dd>{detail.organiser.name}</dd>
            </div>
          </dl>
          {!preview && <div className="flex flex-wrap items-center gap-2">
            {!detail.isPast && detail.status !== 'cancelled' && (
              <a href={`/api/v1/events/${encodeURIComponent(detail.id)}/calendar.ics?lang=${locale}`} download className={eventActionClass} data-testid="add-to-calendar">
                <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="mr-1.5 h-4 w-4"><rect x="3" y="4.5" width="14" height="12.5" rx="2" /><path d="M3 8.5h14M7 2.5v4M13 2.5v4" /></svg>
                {t('addToCalendar')}
              </a>
            )}
            <ShareEvent
              path={getPathname({ locale, href: { pathname: '/events/[id]', params: { id: detail.id } } })}
              title={detail.title[locale]}
              labels={{ share: t('share'), copied: t('linkCopied'), copyFailed: t('copyFailed') }}
              className={eventActionClass}
            />
          </div>}
          {detail.season?.selling && !detail.isPast && detail.status !== 'cancelled' && (
            <p className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-950" data-testid="season-link">
              {t('seasonPart', { season: detail.season.name[locale] })}{' '}
              <Link href={{ pathname: '/seasons/[slug]', params: { slug: detail.season.slug } }} className="font-semibold underline">
                {t('seasonBuy')}
              </Link>
            </p>
          )}
          {detail.isPast && <p className="rounded-lg bg-slate-100 p-3 font-medium">{t('past')}</p>}
          {detail.status === 'cancelled' && <p className="rounded-lg bg-red-50 p-3 font-medium text-red-900">{t('cancelledNotice')}</p>}
          {detail.ticketTypes.length > 0 && onSale && (
            <p className="text-lg">
              {formatMoney(
                detail.ticketTypes.reduce((min, x) => (x.price.amount < min.amount ? x.price : min), detail.ticketTypes[0].price),
                locale,
              )}
              {' – '}
              {formatMoney(
                detail.ticketTypes.reduce((max, x) => (x.price.amount > max.amount ? x.price : max), detail.ticketTypes[0].price),
                locale,
              )}
            </p>
          )}
        </div>
      </header>

      <section aria-labelledby="event-description" className="max-w-3xl space-y-3">
        <h2 id="event-description" className="text-2xl font-semibold">
          {t('description')}
        </h2>
        <p className="leading-relaxed">{detail.description[locale]}</p>
        {hasLineUp(detail.category) && detail.performers.length > 0 && (
          <p className="text-slate-700" data-testid="line-up">
            <span className="font-semibold">{t('performers')}:</span> {detail.performers.join(', ')}
          </p>
        )}
      </section>

      <SeatSelectionProvider>
        <TicketPicker
          eventId={detail.id}
          onSale={onSale}
          maxPerOrder={detail.maxTicketsPerOrder}
          ticketTypes={types}
          hasLayout={Boolean(detail.layout)}
          serviceFee={detail.serviceFee}
          formatted={{ serviceFee: formatMoney(detail.serviceFee, locale), zero: formatMoney({ amount: 0, currency: detail.ticketTypes[0]?.price.currency ?? detail.serviceFee.currency }, locale) }}
        />

        <LaterPackageOffers eventId={detail.id} onSale={onSale} />
      </SeatSelectionProvider>

      {onSale && <LaterWaitingListPanel eventId={detail.id} ticketTypes={types.map((x) => ({ id: x.id, name: x.name }))} />}

      <Gallery
        headingId="event-gallery"
        images={detail.gallery.map((g) => ({ src: g.src, width: g.width, height: g.height, alt: g.alt[locale] }))}
      />
    </article>
  );
}

