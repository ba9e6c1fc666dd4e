import 'server-only';

export { cachedEventDetail, cachedEventList, cachedEventRef, cachedInventoryTotals, cachedSitemapEvents } from './catalogue';
export { availabilityChanged, eventChanged } from './changed';
export { getAvailability, inventoryTotals, type Availability } from './availability';
export { findPublicEvent, getEventDetail, type EventDetail, type SeatLayout, type TicketTypeInfo } from './detail';
export { listEvents, listSitemapEvents, searchTerms, type EventCard, type EventList } from './list';
export { type Money } from './rules';
export { localizeCard, localizeDetail } from './localize';
