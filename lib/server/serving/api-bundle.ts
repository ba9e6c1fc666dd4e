import 'server-only';
// The entry of the bundle the production server loads (scripts/build-api.mjs → .tribuna/api.mjs): the hot
// API and the security headers its answers carry, the same ones next.config.ts gives Next's answers; the
// route template of any API path (for the request log and metrics), a thread's counters and its database's
// closing (a lane thread's part of a scrape and of a shutdown).
import { RegExpRouter } from 'hono/router/reg-exp-router';
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

let routes: { fast: RegExpRouter<string>; rest: TrieRouter<string> } | undefined;

/** The declared path template of the operation an API call is ('/api/v1/events/{id}/cart'), or null for none. */
export function apiRouteOf(method: string, pathname: string): string | null {
  if (!routes) {
    // One regular expression for every path it can take (about a microsecond a match); the few it refuses
    // (two names for one parameter's place) in a trie, asked only when the expression finds nothing.
    const built = { fast: new RegExpRouter<string>(), rest: new TrieRouter<string>() };
    for (const op of apiOperations()) {
      try {
        built.fast.add(op.method.toUpperCase(), honoPath(op.path), op.path);
      } catch {
        built.rest.add(op.method.toUpperCase(), honoPath(op.path), op.path);
      }
    }
    routes = built;
  }
  const verb = method === 'HEAD' ? 'GET' : method;
  const [fast] = routes.fast.match(verb, pathname);
  if (fast.length) return fast[0][0];
  const [rest] = routes.rest.match(verb, pathname);
  return rest.length ? rest[0][0] : null;
}
