// The security headers of every answer, in one place: next.config.ts `headers()` puts them on what Next
// serves, and the production server puts them on what it serves without Next (the hot API,
// lib/server/serving/hot-api.ts; lib/server/serving/fast-lane.ts). Pages also get the policy with a fresh nonce
// from proxy.ts, which takes precedence.
import { contentSecurityPolicy } from './csp';

export type HeaderRule = { key: string; value: string };

export function securityHeaders(options: { production: boolean; cdnHost?: string }): HeaderRule[] {
  const { production, cdnHost } = options;
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy({ dev: !production, cdnHost }) },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Permissions-Policy', value: 'camera=(self), microphone=(), geolocation=(), payment=(self)' },
    ...(production ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains; preload' }] : []),
  ];
}
