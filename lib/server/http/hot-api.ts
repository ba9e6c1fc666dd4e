import 'server-only';
import { Hono } from 'hono';
import { holdCartItems, releaseCartItem } from './cart-items';
import { readMe } from './me';
import { readMyTickets } from './my-tickets';
import { scanCode } from './scan';

// The API calls the production server answers without Next (scripts/serve.mjs, scripts/api-fast-lane.mjs):
// holding a seat, letting it go, a gate scan, and a fan's own user and tickets. The first three are most
// of the traffic of an on-sale rush and of a match's gates; the last two are asked for every signed-in
// page load (scripts/page-cache.mjs). Next's request pipeline costs more CPU per request than these handlers' own work
// (README, "Decisions worth knowing"), so the production server hands them to this Hono app, bundled from
// this source (scripts/build-api.mjs). The handlers are the very ones the route.ts files export, so
// `next dev` and every other way in run the same code.

const noParams = { params: Promise.resolve({}) };

export const hotApi = new Hono()
  .post('/api/v1/events/:id/cart/items', (c) => holdCartItems(c.req.raw, { params: Promise.resolve({ id: c.req.param('id') }) }))
  .delete('/api/v1/events/:id/cart/items/:itemId', (c) =>
    releaseCartItem(c.req.raw, { params: Promise.resolve({ id: c.req.param('id'), itemId: c.req.param('itemId') }) }),
  )
  .post('/api/v1/scan', (c) => scanCode(c.req.raw, noParams))
  // Asked on every start of the app and for every signed-in page answered from the shared copy (scripts/page-cache.mjs).
  .get('/api/v1/auth/me', (c) => readMe(c.req.raw, noParams))
  .get('/api/v1/tickets', (c) => readMyTickets(c.req.raw, noParams));

/** Answers a hot API call (one for which isHotApiCall is true). */
export async function serveHotApi(request: Request): Promise<Response> {
  return hotApi.fetch(request);
}

/** Whether a request is one of the hot API's calls; the production server gives every other one to Next. */
export function isHotApiCall(method: string, pathname: string): boolean {
  return hotApi.router.match(method, pathname)[0].length > 0;
}
