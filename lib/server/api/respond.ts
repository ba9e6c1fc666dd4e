import 'server-only';
import { NextResponse } from 'next/server';
import type { z } from 'zod';
import { isDatabaseUnavailable, UNAVAILABLE_HEADERS } from '@/lib/server/db/unavailable';
import { requestBytes, requestText } from './body';
import { ApiError } from './error';
import { requestLocale } from './request-locale';
import { isForeignBrowserWrite, isJsonContentType } from './request-guards';
import { translator } from './translate';

export { ApiError };

/** The error body of every API failure (DESIGN.md §5): a message, and per-field messages when known. */
export type ApiErrorBody = { message: string; code: string; errors: { field?: string; message: string }[] };

export function json<T>(data: T, init?: ResponseInit): NextResponse<T> {
  return NextResponse.json(data, init);
}

export function errorResponse(request: Request, error: ApiError): NextResponse<ApiErrorBody> {
  const t = translator(requestLocale(request));
  const body: ApiErrorBody = {
    message: t(error.messageKey, error.values),
    code: error.code,
    errors: error.fieldErrors.length
      ? error.fieldErrors.map((e) => ({ field: e.field, message: t(e.messageKey, error.values) }))
      : [{ message: t(error.messageKey, error.values) }],
  };
  // A rate limit says when its window ends (values.seconds); 60 s when it does not.
  const headers = { ...(error.status === 429 ? { 'Retry-After': String(error.values?.seconds ?? 60) } : {}), ...error.headers };
  return NextResponse.json(body, { status: error.status, headers });
}

type Context<P> = { params: Promise<P> };

const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The database cannot be reached: not the request's fault, so no 500; the client tries again later. */
function databaseUnavailable(): ApiError {
  return new ApiError(503, 'UNAVAILABLE', 'errors.unavailable', [], undefined, { ...UNAVAILABLE_HEADERS });
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
      if (isForeignBrowserWrite(request)) throw new ApiError(403, 'CROSS_SITE', 'errors.crossSite');
      if (!BODILESS.has(request.method)) await requestBytes(request);
      return await handler(request, context);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(request, error);
      if (isDatabaseUnavailable(error)) return errorResponse(request, databaseUnavailable());
      console.error(`API ${request.method} ${new URL(request.url).pathname} failed:`, error instanceof Error ? error.stack : error);
      return errorResponse(request, new ApiError(500, 'INTERNAL', 'errors.generic'));
    }
  };
}

function notJson(): ApiError {
  return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'errors.jsonRequired');
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
    throw new ApiError(400, 'INVALID_JSON', 'errors.invalidInput');
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
  throw new ApiError(422, 'VALIDATION', fieldErrors[0]?.messageKey ?? 'errors.invalidInput', fieldErrors);
}

/** Reads and validates query parameters. */
export function parseQuery<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  return parseWith(schema, Object.fromEntries(new URL(request.url).searchParams));
}
