// Page requests Next cannot take (issue 29 item 4). No browser or app of ours sends them, and each failed
// inside Next with a 500:
// - a path parameter that decodes to a stray `%` (`/sk/platba/%25zz`): the parameter was decoded twice;
// - a multipart/form-data POST: Next reads a form posted to a page as a server action without JavaScript,
//   and a malformed one threw while it was parsed. Tribuna has no server action: no page takes a form;
// - an RSC request whose Next-Router-State-Tree header Next's own check does not pass.
// Decided here, answered 400 by the production server before Next (lib/server/serving/request-guard.ts)
// and by proxy.ts under `next dev` (docs/decisions/page-request-guard.md).

/**
 * The paths proxy.ts runs for: pages. Kept in sync with its `config.matcher` (Next reads that literally,
 * so it cannot import this); API routes, Next's files, the analytics proxy and files with an extension are none.
 */
const PAGE_PATH = /^\/(?!api(?:\/|$)|_next|_vercel|ingest|builds|dev\/|.*\..*)/;

export function isPagePath(pathname: string): boolean {
  return PAGE_PATH.test(pathname);
}

/** Next refuses a router state header longer than this before parsing it. */
const ROUTER_STATE_MAX = 20 * 2000;
const DYNAMIC_PARAM_TYPES = new Set(['c', 'ci(..)(..)', 'ci(.)', 'ci(..)', 'ci(...)', 'oc', 'd', 'di(..)(..)', 'di(.)', 'di(..)', 'di(...)']);
const REFRESH_MARKERS = new Set(['refetch', 'inside-shared-layout', 'metadata-only']);

const isString = (value: unknown): value is string => typeof value === 'string';
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A segment: its name, or a dynamic parameter's [name, cache key, type, static siblings or null]. */
function isSegment(value: unknown): boolean {
  if (isString(value)) return true;
  return Array.isArray(value) && value.length === 4 && isString(value[0]) && isString(value[1]) && isString(value[2]) && DYNAMIC_PARAM_TYPES.has(value[2]) && (value[3] === null || (Array.isArray(value[3]) && value[3].every(isString)));
}

/**
 * Next 16's FlightRouterState schema (next/dist/server/app-render/types.js): [segment, children by slot,
 * url?, refresh marker?, number?, string?], each optional one also null but the last.
 * tests/unit/request-guard.test.ts checks that this answers as Next's own check does.
 */
function isRouterState(value: unknown): boolean {
  if (!Array.isArray(value) || value.length < 2 || value.length > 6) return false;
  const [segment, children, url, refresh, number, last] = value;
  if (!isSegment(segment) || !isObject(children)) return false;
  if (!Object.values(children).every(isRouterState)) return false;
  if (value.length > 2 && url !== null && !(Array.isArray(url) && url.length === 2 && url.every(isString))) return false;
  if (value.length > 3 && refresh !== null && !(isString(refresh) && REFRESH_MARKERS.has(refresh))) return false;
  if (value.length > 4 && number !== null && !(typeof number === 'number' && !Number.isNaN(number))) return false;
  if (value.length > 5 && !isString(last)) return false;
  return true;
}

/** Whether a Next-Router-State-Tree header is one Next's check throws on (a 500 inside Next). */
export function isBadRouterState(header: string | string[] | null | undefined): boolean {
  if (header === undefined || header === null) return false;
  if (Array.isArray(header) || header.length > ROUTER_STATE_MAX) return true;
  try {
    return !isRouterState(JSON.parse(decodeURIComponent(header)));
  } catch {
    return true;
  }
}

/**
 * Whether a page request is one Next cannot take (above). `path` is the path as sent (percent-encoded),
 * `header(name)` reads a request header. Other paths are the API's and Next's own: not judged here.
 */
export function isBadPageRequest(method: string, path: string, header: (name: string) => string | string[] | null | undefined): boolean {
  if (!isPagePath(path)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: refused by the production server's own check, and by proxy.ts's event page.
    return false;
  }
  // No page's path has a percent sign: ids, slugs and tokens have none, search words go in the query.
  if (decoded.includes('%')) return true;
  if (/^multipart\/form-data\b/i.test(String(header('content-type') ?? '')) && method !== 'GET' && method !== 'HEAD') return true;
  return isBadRouterState(header('next-router-state-tree') ?? undefined);
}
