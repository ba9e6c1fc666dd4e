import 'server-only';
import { cacheLife, cacheTag, revalidateTag } from 'next/cache';
import {
  findPublicEvent,
  getEventDetail,
  inventoryTotals,
  listEvents,
  listSitemapEvents,
  availabilityChanged,
  forgetAllAvailability,
  type EventDetail,
  type EventList,
  type EventListInput,
} from './queries';
import { forgetEventExistence } from './exists';

// Cached public catalogue reads ('use cache' + cacheTag). Availability is NOT here: it stays live.
//
// Tags:  catalogue            every cached catalogue read (lists, sitemaps, every event page)
//        catalogue:lists      lists and sitemaps (lowest prices change with any sale or resale offer)
//        event:<uuid>         one event's page data
//
// After changing an event, its prices, or its resale offers, call revalidateEventCatalogue(eventUuid)
// from the route handler / server function that made the change.

export const CATALOGUE_TAG = 'catalogue';
export const LISTS_TAG = 'catalogue:lists';
export const eventTag = (eventUuid: string) => `event:${eventUuid}`;

/** cacheTag only exists inside a Next.js 'use cache' scope; under Jest the functions simply run uncached. */
function tag(...tags: string[]) {
  if (process.env.__NEXT_USE_CACHE) cacheTag(...tags);
}
function life(profile: 'minutes' | 'hours') {
  if (process.env.__NEXT_USE_CACHE) cacheLife(profile);
}

/** One page of the events list (lowest prices included): cached for a minute at most, or until invalidated. */
export async function cachedEventList(input: EventListInput): Promise<EventList> {
  'use cache';
  life('minutes');
  tag(CATALOGUE_TAG, LISTS_TAG);
  return listEvents(input);
}

/**
 * The event page's data (texts, venue, prices, the seat layout's sections), or null for unknown ids and
 * drafts. `seats: true` adds every seat with x/y (the seat map loads that through the API, once).
 */
export async function cachedEventDetail(idOrSlug: string, options: { seats?: boolean } = {}): Promise<EventDetail | null> {
  'use cache';
  life('hours');
  tag(CATALOGUE_TAG, `event-slug:${idOrSlug.slice(0, 120)}`);
  const detail = await getEventDetail(idOrSlug, { seats: Boolean(options.seats) });
  // A miss is tagged with the lists: publishing a draft invalidates them, and so this entry.
  if (detail) tag(eventTag(detail.uuid));
  else tag(LISTS_TAG);
  return detail;
}

/** uuid and slug of a published event (id = slug or uuid), or null: the cheap lookup of the live endpoints. */
export async function cachedEventRef(idOrSlug: string): Promise<{ uuid: string; slug: string } | null> {
  'use cache';
  life('hours');
  tag(CATALOGUE_TAG);
  const found = await findPublicEvent(idOrSlug);
  if (found) tag(eventTag(found.uuid));
  else tag(LISTS_TAG);
  return found && { uuid: found.uuid, slug: found.slug };
}

/** Units per price category in all (what availability subtracts the taken ones from). */
export async function cachedInventoryTotals(eventUuid: string): Promise<Record<string, number>> {
  'use cache';
  life('hours');
  tag(CATALOGUE_TAG, eventTag(eventUuid));
  return inventoryTotals(eventUuid);
}

export async function cachedSitemapEvents(): Promise<{ id: string; updatedAt: string }[]> {
  'use cache';
  life('minutes');
  tag(CATALOGUE_TAG, LISTS_TAG);
  return listSitemapEvents();
}

/**
 * Call after an event, its price categories or its resale offers change (publishing, a sale that
 * sells out a category, a new or withdrawn resale listing). Safe to call anywhere: outside a Next.js
 * request (scripts, Jest) there is no cache to invalidate and it does nothing.
 * Pass no id when many events changed at once.
 */
export function revalidateEventCatalogue(eventUuid?: string): void {
  forgetEventExistence();
  if (eventUuid) availabilityChanged(eventUuid);
  else forgetAllAvailability();
  const tags = eventUuid ? [LISTS_TAG, eventTag(eventUuid)] : [CATALOGUE_TAG];
  for (const t of tags) {
    try {
      // expire: 0 — the next reader gets fresh data, not the stale entry.
      revalidateTag(t, { expire: 0 });
    } catch (error) {
      if (error instanceof Error && /static generation store missing/.test(error.message)) return;
      throw error;
    }
  }
}
