// How many bytes of a request body Tribuna reads, by path. One table for the production server
// (lib/server/serving/request-guard.ts, before Next and the fast lane see the request) and for the route
// handlers (lib/server/api/body.ts, so `next dev` and the Jest route tests answer alike).

/** Every JSON call of the API: the largest real one (a sync of offline check-ins) is well under. */
export const JSON_API_BODY_LIMIT = 64 * 1024;
/** A payment provider's notice (Stripe's events carry the whole Checkout session). */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;
/**
 * An organiser's event image (multipart): the 10 MB picture lib/server/events/images.ts accepts plus
 * the form's own bytes; a larger picture up to this is answered with the images' own message.
 */
export const IMAGE_UPLOAD_BODY_LIMIT = 11 * 1024 * 1024;
/** Anything else (pages take no body; the analytics proxy's batches). */
export const OTHER_BODY_LIMIT = 1024 * 1024;

/** A venue's layout file (PUT /api/v1/organiser/venues/{id}/layout): a 60,000-seat stadium with every seat's position. */
export const LAYOUT_BODY_LIMIT = 8 * 1024 * 1024;

const LAYOUT = /^\/api\/v1\/organiser\/venues\/[^/]+\/layout\/?$/;
const WEBHOOK = /^\/api\/v1\/payments\/[^/]+\/webhook\/?$/;
const IMAGE_UPLOAD = /^\/api\/v1\/organiser\/events\/[^/]+\/images\/?$/;

/** The most bytes a request to this path may send. */
export function bodyLimitFor(pathname: string): number {
  if (WEBHOOK.test(pathname)) return WEBHOOK_BODY_LIMIT;
  if (IMAGE_UPLOAD.test(pathname)) return IMAGE_UPLOAD_BODY_LIMIT;
  if (LAYOUT.test(pathname)) return LAYOUT_BODY_LIMIT;
  if (pathname === '/api' || pathname.startsWith('/api/')) return JSON_API_BODY_LIMIT;
  return OTHER_BODY_LIMIT;
}
