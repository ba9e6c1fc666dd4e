// The ONE list of TanStack Query keys of the web client (issue 30 item 5): every useQuery, setQueryData
// and invalidateQueries names its data here, so a key cannot be spelled two ways and miss its cache.
// Events are named by the id the page has (the URL's: a slug); keys nest, so invalidating a parent
// (cart(eventId)) also refreshes what hangs below it (the cart's concessions).

export const queryKeys = {
  /** GET /api/v1/events/{id}/availability — polled by the ticket picker. */
  availability: (eventId: string) => ['events', eventId, 'availability'] as const,
  /** GET /api/v1/events/{id}?include=seats — the seat layout, in the page's language. */
  layout: (eventId: string, locale: string) => ['events', eventId, 'layout', locale] as const,
  /** GET /api/v1/events/{id}/accessible-seats — wheelchair places and companion seats. */
  accessibleSeats: (eventId: string, locale: string) => ['events', eventId, 'accessible-seats', locale] as const,
  /** GET /api/v1/events/{id}/my-listings — the fan's own resale offers at the event. */
  myListings: (eventId: string) => ['events', eventId, 'my-listings'] as const,
  /** GET /api/v1/events/{id}/packages */
  packages: (eventId: string) => ['events', eventId, 'packages'] as const,
  /** GET /api/v1/events/{id}/waiting-list — the fan's place (the key's parent of each signed-in state). */
  waitingList: (eventId: string) => ['events', eventId, 'waiting-list'] as const,
  /** GET /api/v1/events/{id}/cart — also what every change of the cart answers (hold, release, coupon…). */
  cart: (eventId: string) => ['cart', eventId] as const,
  /** GET /api/v1/events/{id}/cart/concessions — for the cart's lines as they are now. */
  cartConcessions: (eventId: string, lines: string[]) => ['cart', eventId, 'concessions', lines.join(',')] as const,
  /** GET /api/v1/organiser/events/{id}/live */
  organiserLive: (eventId: string) => ['organiser', 'events', eventId, 'live'] as const,
  /** GET /api/v1/organiser/events/{id}/publish-checklist — what a draft still needs before publishing. */
  publishChecklist: (eventId: string) => ['organiser', 'events', eventId, 'publish-checklist'] as const,
  /** GET /api/v1/organiser/{events|seasons|organisations}/{id}/announcements */
  announcements: (target: 'event' | 'season' | 'organisation', id: string) => ['organiser', 'announcements', target, id] as const,
};
