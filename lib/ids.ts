// What an id in a URL or a body must look like before it reaches a query. PostgreSQL refuses to compare
// a uuid column with text that is not one (36 dashes, 36 hex digits) and any text containing NUL, and
// answers with an error, not with "no row": these checks turn such input into "not found".
// No 'server-only' marker: proxy.ts, the zod schemas and lib/server all use them.

/** A uuid as PostgreSQL reads one: 8-4-4-4-12 hexadecimal digits, of any version. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An event's slug as the catalogue writes them (letters, digits, dashes; at most 120). */
const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,119}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/** A URL id of an event: its slug or its uuid. */
export function isEventRef(value: unknown): value is string {
  return typeof value === 'string' && (SLUG_PATTERN.test(value) || UUID_PATTERN.test(value));
}
