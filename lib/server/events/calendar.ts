import 'server-only';
import { createEvent, type EventAttributes } from 'ics';
import { getPathname } from '@/lib/i18n/pathname';
import type { Locale } from '@/lib/i18n/routing';
import type { EventDetail } from './detail';

/** How long a calendar entry lasts when the organiser gave no end time (a match with its breaks, a concert). */
export const DEFAULT_DURATION_MS = 3 * 3_600_000;

type CalendarEvent = Pick<EventDetail, 'id' | 'uuid' | 'title' | 'summary' | 'status' | 'startsAt' | 'endsAt' | 'venue'>;

/**
 * The event as an iCalendar file (RFC 5545) for the fan's calendar: public data only, in the fan's
 * language. Times are written in UTC (DTSTART:…Z), which every calendar shows in its own zone, so a
 * 19:00 kick-off in Bratislava is 19:00 there whatever the season (no VTIMEZONE needed). The UID is the
 * event's own, so adding it again updates the entry instead of doubling it.
 */
export function eventCalendar(event: CalendarEvent, locale: Locale, origin: string): string {
  const url = origin + getPathname({ locale, href: { pathname: '/events/[id]', params: { id: event.id } } });
  const start = Date.parse(event.startsAt);
  const end = event.endsAt ? Date.parse(event.endsAt) : start + DEFAULT_DURATION_MS;
  const attributes: EventAttributes = {
    uid: `${event.uuid}@tribuna`,
    productId: 'tribuna/events',
    title: event.title[locale],
    description: `${event.summary[locale]}\n\n${url}`,
    location: [event.venue.name, event.venue.address, event.venue.city].filter((part, i, all) => part && all.indexOf(part) === i).join(', '),
    url,
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end,
    endInputType: 'utc',
    endOutputType: 'utc',
    status: event.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
    ...(event.venue.latitude != null && event.venue.longitude != null ? { geo: { lat: event.venue.latitude, lon: event.venue.longitude } } : {}),
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw error ?? new Error('calendar entry not written');
  return value;
}
