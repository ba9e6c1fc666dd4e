import 'server-only';
import { cacheLife } from 'next/cache';
import { inventoryTotals } from './availability';
import { catalogueVersion } from './changed';
import { findPublicEvent, getEventDetail, type EventDetail } from './detail';
import { listEvents, listSitemapEvents, type EventList, type EventListInput } from './list';

// Cached public catalogue reads ('use cache'). Availability is NOT here: it is read live.
//
// Every entry is keyed by the catalogue's version (./changed.ts: it goes up with every eventChanged()
// this server process hears of, from any process), so after a change the next read misses and reads
// afresh. Versions rather than revalidateTag: the news arrives through a database listener, outside
// any Next.js request, where revalidateTag cannot run. Entries of old versions age out of the cache
// (docs/decisions/in-process-caches.md).

/** cacheLife only exists inside a Next.js 'use cache' scope; under Jest the functions simply run uncached. */
function life(profile: 'minutes' | 'hours') {
  if (process.env.__NEXT_USE_CACHE) cacheLife(profile);
}

async function eventListAt(_version: number, input: EventListInput): Promise<EventList> {
  'use cache';
  life('minutes');
  return listEvents(input);
}

async function eventDetailAt(_version: number, idOrSlug: string, seats: boolean): Promise<EventDetail | null> {
  'use cache';
  life('hours');
  return getEventDetail(idOrSlug, { seats });
}

async function eventRefAt(_version: number, idOrSlug: string): Promise<{ uuid: string; slug: string } | null> {
  'use cache';
  life('hours');
  const found = await findPublicEvent(idOrSlug);
  return found && { uuid: found.uuid, slug: found.slug };
}

async function inventoryTotalsAt(_version: number, eventUuid: string): Promise<Record<string, number>> {
  'use cache';
  life('hours');
  return inventoryTotals(eventUuid);
}

async function sitemapEventsAt(_version: number): Promise<{ id: string; updatedAt: string }[]> {
  'use cache';
  life('minutes');
  return listSitemapEvents();
}

/** One page of the events list (lowest prices included): cached for a minute at most, or until an event changes. */
export function cachedEventList(input: EventListInput): Promise<EventList> {
  return eventListAt(catalogueVersion(), input);
}

/**
 * The event page's data (texts, venue, prices, the seat layout's sections), or null for unknown ids and
 * drafts. `seats: true` adds every seat with x/y (the seat map loads that through the API, once).
 */
export function cachedEventDetail(idOrSlug: string, options: { seats?: boolean } = {}): Promise<EventDetail | null> {
  return eventDetailAt(catalogueVersion(), idOrSlug, Boolean(options.seats));
}

/** uuid and slug of a published event (id = slug or uuid), or null: the cheap lookup of the live endpoints. */
export function cachedEventRef(idOrSlug: string): Promise<{ uuid: string; slug: string } | null> {
  return eventRefAt(catalogueVersion(), idOrSlug);
}

/** Units per price category in all (what availability subtracts the taken ones from). */
export function cachedInventoryTotals(eventUuid: string): Promise<Record<string, number>> {
  return inventoryTotalsAt(catalogueVersion(), eventUuid);
}

export function cachedSitemapEvents(): Promise<{ id: string; updatedAt: string }[]> {
  return sitemapEventsAt(catalogueVersion());
}
