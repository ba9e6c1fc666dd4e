import 'server-only';
// The organiser routes asked who was calling (401, XSRF), then judged their path parameters and query (a
// malformed id, a missing ?organisation=, a day that is no day: 422 with the field's message), and only
// then did their domain function ask who may see the organisation's data. The frame decides the declared
// access before it reads the query (app.ts), where a malformed id reads as another organisation's (404):
// an operation that keeps the old order runs this as its `before`. It costs a second session lookup (the
// frame's own, for the access check) until the frame judges the input before the access itself.
import type { z } from 'zod';
import { requireCaller } from './authenticate';
import { parseQuery, parseWith } from './respond';

const decode = (raw: string) => {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};

/** '/api/v1/organiser/events/{eventId}/report' → its parameters from a request's path (null: not this path). */
function paramsOf(path: string, pathname: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}/?$`).exec(pathname);
  return match ? Object.fromEntries(names.map((name, i) => [name, decode(match[i + 1])])) : null;
}

/** A `before` that answers 401 without a session, then validates the path parameters and the query with the schemas the old handler parsed them with. */
export function inputFirst(path: `/api/v1/${string}`, schemas: { params?: z.ZodType; query?: z.ZodType }) {
  return async (request: Request): Promise<void> => {
    await requireCaller(request);
    if (schemas.params) {
      const params = paramsOf(path, new URL(request.url).pathname);
      if (params) parseWith(schemas.params, params);
    }
    if (schemas.query) parseQuery(request, schemas.query);
  };
}
