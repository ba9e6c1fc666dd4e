import 'server-only';

// The one place that tells "the database cannot be reached" from every other failure, for both drivers
// (postgres.js over the network; PGlite lives in the process and has no connection to lose), and says
// how such an answer goes out. Such a failure is not a bug of the request: the API (apiRoute,
// lib/server/api/respond.ts) and every other route handler (siteRoute, lib/server/site-route.ts) answer
// 503 with these headers, and a client tries again once the database is back.

/** Socket errors of Node and the connection errors postgres.js raises itself. */
const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);

/** SQLSTATEs of a server that is there but cannot serve: shutting down, starting, out of connections. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * "Object not in prerequisite state": as a FATAL error it ends the connection — the database is not
 * accepting connections (ALTER DATABASE … ALLOW_CONNECTIONS false, a restore under way). Raised by a
 * statement (lastval() before nextval(), …) it is an ERROR, a bug of ours, and stays a 500.
 */
const REFUSED_WHEN_FATAL = new Set(['55000']);

/** Whether an error (or any error it wraps, as drizzle wraps the driver's) is the database being unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    if (REFUSED_WHEN_FATAL.has(code) && (current as { severity?: unknown }).severity === 'FATAL') return true;
    // class 08: connection exception
    if (CONNECTION_ERRORS.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  // Several addresses tried at once (localhost → ::1 and 127.0.0.1): Node reports them together.
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return false;
}

/** Seconds a client should wait before trying again. */
export const UNAVAILABLE_RETRY_SECONDS = 10;

/** Headers of a 503 for an unreachable database: when to try again, and that no cache may keep it (a sitemap's would for minutes). */
export const UNAVAILABLE_HEADERS: Readonly<Record<string, string>> = { 'Retry-After': String(UNAVAILABLE_RETRY_SECONDS), 'Cache-Control': 'no-store' };
