import 'server-only';
import type { Locale } from '@/lib/i18n/routing';
import type { EventDetail } from './detail';
import type { EventCard } from './list';

// API answers carry texts in the request's language (Accept-Language, then the locale cookie).

export function localizeCard(card: EventCard, locale: Locale) {
  return {
    id: card.id,
    title: card.title[locale],
    summary: card.summary[locale],
    category: card.category,
    status: card.status,
    startsAt: card.startsAt,
    venue: card.venue,
    imageUrl: card.imageUrl,
    lowestPrice: card.lowestPrice,
  };
}

export function localizeDetail(detail: EventDetail, locale: Locale, options: { seats?: boolean } = {}) {
  return {
    id: detail.id,
    title: detail.title[locale],
    summary: detail.summary[locale],
    description: detail.description[locale],
    category: detail.category,
    status: detail.status,
    startsAt: detail.startsAt,
    endsAt: detail.endsAt,
    doorsAt: detail.doorsAt,
    saleStartsAt: detail.saleStartsAt,
    saleEndsAt: detail.saleEndsAt,
    priority: detail.priority,
    performers: detail.performers,
    imageUrl: detail.imageUrl,
    gallery: detail.gallery.map((g) => ({ src: g.src, width: g.width, height: g.height, alt: g.alt[locale] })),
    currency: detail.currency,
    maxTicketsPerOrder: detail.maxTicketsPerOrder,
    serviceFee: detail.serviceFee,
    organiser: { name: detail.organiser.name },
    venue: detail.venue,
    resale: detail.resale,
    ticketTypes: detail.ticketTypes.map((t) => ({ id: t.id, code: t.code, name: t.name[locale], kind: t.kind, price: t.price, color: t.color })),
    layout: detail.layout && {
      width: detail.layout.width,
      height: detail.layout.height,
      seatCount: detail.layout.seatCount,
      outline: detail.layout.outline.map(({ label, ...shape }) => (label ? { ...shape, label: label[locale] } : shape)),
      sections: detail.layout.sections.map((s) => ({
        id: s.id,
        code: s.code,
        name: s.name[locale],
        seatCount: s.seatCount,
        ...(options.seats ? { labelX: s.labelX, labelY: s.labelY, rows: s.rows } : {}),
      })),
    },
  };
}
