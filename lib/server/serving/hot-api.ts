import 'server-only';
import { apiOperations, appOf } from '@/lib/server/api/app';

// The API calls the production server answers without Next (scripts/serve.mjs, scripts/api-fast-lane.mjs):
// the operations whose declaration says `hot` (holding a seat, letting it go, a gate scan, a fan's own
// user and tickets). The first three are most of the traffic of an on-sale rush and of a match's gates;
// the last two are asked for every signed-in page load (scripts/page-cache.mjs). Next's request pipeline
// costs more CPU per request than these handlers' own work (docs/decisions), so the production server
// hands them to this app, bundled from this source (scripts/build-api.mjs). The handlers are the very
// ones the one API app mounts (lib/server/api/app.ts), so `next dev` and every other way in run the same code.

export const hotApi = appOf(apiOperations().filter((op) => op.hot));

/** Answers a hot API call (one for which isHotApiCall is true). */
export async function serveHotApi(request: Request): Promise<Response> {
  return hotApi.fetch(request);
}

/** Whether a request is one of the hot API's calls; the production server gives every other one to Next. */
export function isHotApiCall(method: string, pathname: string): boolean {
  return hotApi.router.match(method, pathname)[0].length > 0;
}
