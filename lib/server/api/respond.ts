import 'server-only';
import type { z } from 'zod';
import type { errorBodySchema } from '@/lib/schemas/primitives';
import { isDatabaseUnavailable, UNAVAILABLE_HEADERS } from '@/lib/server/db/unavailable';
import { log } from '@/lib/server/ops/log';
import { requestBytes, requestText } from './body';
import { ApiError, failureOf } from './error';
import { requestLocale } from './request-locale';
import { isForeignBrowserWrite, isJsonContentType } from './request-guards';
import { translator } from './translate';
import { eventDateTimeFormat, formatDate } from '@/lib/i18n/formats';
import type { Locale } from '@/lib/i18n/routing';

export { ApiError, failureOf };

/** The error body of every API failure (DESIGN.md §5): a message, and per-field messages when known. */
export type ApiErrorBody = z.infer<typeof errorBodySchema>;

// Plain Responses, no next/server: the hot API (lib/server/serving/hot-api.ts) runs these outside Next too.
export function json<T>(data: T, init?: ResponseInit): Response {
  return Response.json(data, init);
}

/** Message values as words: a time in the answer's language and the display zone, like the event page's. */
function wordsOf(values: ApiError['values'], locale: Locale): Record<string, string | number> | undefined {
  if (!values) return undefined;
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value instanceof Date ? formatDate(value, locale, eventDateTimeFormat) : value]));
}

export function errorResponse(request: Request, error: ApiError): Response {
  const locale = requestLocale(request);
  const t = translator(locale);
  const values = wordsOf(error.values, locale);
  const message = t(error.messageKey, values);
  const body: ApiErrorBody = {
    message,
    code: error.code,
    errors: error.fieldErrors.length
      ? error.fieldErrors.map((e) => ({ field: e.field, ...(e.id ? { id: e.id } : {}), message: t(e.messageKey, wordsOf(e.values, locale) ?? values) }))
      : [{ message }],
  };
  return Response.json(body, { status: error.status, headers: error.headers });
}

type Context<P> = { params: Promise<P> };

const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The database cannot be reached: not the request's fault, so no 500; the client tries again later. */
function databaseUnavailable(): ApiError {
  return new ApiError('UNAVAILABLE', { headers: { ...UNAVAILABLE_HEADERS } });
}

/**
 * Wraps a route handler: ApiError → translated JSON, an unreachable database → 503 with Retry-After,
 * anything else → 500 without internals. A write a browser sends from another site without a bearer
 * token is refused first (403 CROSS_SITE; lib/server/api/request-guards.ts): cookie-authenticated
 * changes and sign-in/sign-up. The body is read (bounded, lib/server/api/body.ts) before the handler
 * runs, so an oversize one is refused before any work on who is calling.
 * Nothing from the request body is logged (it may hold passwords or codes).
 */
export function apiRoute<P = Record<string, never>>(handler: (request: Request, context: Context<P>) => Promise<Response>) {
  return async (request: Request, context: Context<P>): Promise<Response> => {
    try {
      if (isForeignBrowserWrite(request)) throw new ApiError('CROSS_SITE');
      if (!BODILESS.has(request.method)) await requestBytes(request);
      return await handler(request, context);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(request, error);
      if (isDatabaseUnavailable(error)) return errorResponse(request, databaseUnavailable());
      // The request id the production server gave the request (lib/server/serving/server.ts) ties this to its request line.
      log().error({ err: error, requestId: request.headers.get('x-request-id') ?? undefined, method: request.method, path: new URL(request.url).pathname }, 'API request failed');
      return errorResponse(request, new ApiError('INTERNAL'));
    }
  };
}

function notJson(): ApiError {
  return new ApiError('UNSUPPORTED_MEDIA_TYPE');
}

/**
 * Reads (bounded, lib/server/api/body.ts) and validates a JSON body with a zod schema whose messages
 * are message keys. The body must say it is JSON (`Content-Type: application/json`): a `text/plain`
 * one is what an HTML form on another site can send without asking. An empty body without a type
 * reads as `{}`.
 */
export async function parseBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const type = request.headers.get('content-type');
  if (type !== null && !isJsonContentType(type)) throw notJson();
  const text = await requestText(request);
  if (type === null && text.length > 0) throw notJson();
  let raw: unknown;
  try {
    raw = text ? JSON.parse(text) : {};
  } catch {
    throw new ApiError('INVALID_JSON');
  }
  return parseWith(schema, raw);
}

export function parseWith<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const fieldErrors = result.error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.join('.') : undefined,
    // Schemas carry message keys; zod's own English defaults fall back to a generic translated text.
    messageKey: /^[a-zA-Z]+\.[a-zA-Z.]+$/.test(issue.message) ? issue.message : 'errors.invalidInput',
  }));
  throw new ApiError('VALIDATION', { fieldErrors });
}

/** Reads and validates query parameters. */
export function parseQuery<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  return parseWith(schema, Object.fromEntries(new URL(request.url).searchParams));
}
