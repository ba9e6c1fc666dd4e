import 'server-only';
// The entry of the bundle the production server loads (scripts/build-api.mjs → .tribuna/api.mjs): the hot
// API and the security headers its answers carry, the same ones next.config.ts gives Next's answers.
import { securityHeaders } from '@/lib/security-headers';

export { isHotApiCall, serveHotApi } from './hot-api';

/** The security headers of an answer served without Next, for this server's environment. */
export function answerHeaders(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const rules = securityHeaders({ production: env.NODE_ENV === 'production', cdnHost: env.STORAGE_CDN_HOST });
  return Object.fromEntries(rules.map((rule) => [rule.key, rule.value]));
}
