import 'server-only';

export {
  CATALOGUE_TAG,
  cachedEventDetail,
  cachedEventList,
  cachedEventRef,
  cachedInventoryTotals,
  cachedSitemapEvents,
  eventTag,
  revalidateEventCatalogue,
} from './catalogue';
export {
  findPublicEvent,
  getAvailability,
  liveAvailability,
  availabilityChanged,
  getEventDetail,
  listEvents,
  listSitemapEvents,
  searchTerms,
  type Availability,
  type EventCard,
  type EventDetail,
  type EventList,
  type Money,
  type SeatLayout,
  type TicketTypeInfo,
} from './queries';
export { localizeCard, localizeDetail } from './localize';
