import 'server-only';
// The entry of the bundle the production server loads (scripts/build-api.mjs → .tribuna/api.mjs): the hot
// API and the security headers its answers carry, the same ones next.config.ts gives Next's answers; the
// route template of any API path (for the request log and metrics), a thread's counters and its database's
// closing (a lane thread's part of a scrape and of a shutdown).
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';
import { securityHeaders } from '@/lib/security-headers';
import { apiOperations, honoPath } from '@/lib/server/api/app';

export { isHotApiCall, serveHotApi } from './hot-api';
export { threadMetrics } from '@/lib/server/ops/metrics';
export { closeDatabase } from '@/lib/server/db/client';

/** The security headers of an answer served without Next, for this server's environment. */
export function answerHeaders(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const rules = securityHeaders({ production: env.NODE_ENV === 'production', cdnHost: env.STORAGE_CDN_HOST });
  return Object.fromEntries(rules.map((rule) => [rule.key, rule.value]));
}

let routes: SmartRouter<string> | undefined;

/** The declared path template of the operation an API call is ('/api/v1/events/{id}/cart'), or null for none. */
export function apiRouteOf(method: string, pathname: string): string | null {
  if (!routes) {
    // Hono's own default: one regular expression, or a trie when some paths are too alike for one.
    routes = new SmartRouter<string>({ routers: [new RegExpRouter(), new TrieRouter()] });
    for (const op of apiOperations()) routes.add(op.method.toUpperCase(), honoPath(op.path), op.path);
  }
  const [matches] = routes.match(method === 'HEAD' ? 'GET' : method, pathname);
  return matches.length ? matches[0][0] : null;
}
