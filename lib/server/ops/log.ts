// The server's log: JSON lines on standard output through pino, one logger per thread (kept on globalThis,
// so Next's modules, the hot API's bundle and the serving code of one thread write through the same one).
// LOG_LEVEL: fatal, error, warn, info (default), debug, trace or silent.
// What goes in: a request's line (method, route template, path without its query, status, ms, request id;
// lib/server/serving/server.ts), errors with the request id, the job loop's failures. What never goes in:
// bodies, headers, query strings, cookies; an error is written as its type, code, message and stack only
// (a database error's own fields carry the statement's parameters: tokens' hashes, codes).
// docs/decisions/logs-pino.md
import pino, { type Logger } from 'pino';

export type { Logger };

/** Keys whose values are never written, wherever they appear in what is logged (a second net). */
const SECRET_KEYS = ['password', 'newPassword', 'currentPassword', 'confirmPassword', 'token', 'code', 'payload', 'secret', 'key', 'authorization', 'cookie', 'headers', 'query', 'body'];

/** Drizzle's "Failed query: … params: …" names the statement's values: the log keeps the statement only. */
function withoutParams(text: string | undefined): string | undefined {
  return text?.replace(/\nparams: [^\n]*/g, '');
}

/**
 * An error as the log writes it: type, code, message and stack, and its cause's, never its own other
 * fields (a PostgresError's `parameters`, a `detail` with a row's values) nor a statement's parameters.
 */
function errorOf(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: typeof error === 'string' ? error : String(error) };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: withoutParams(error.message),
    stack: withoutParams(error.stack),
    ...(typeof code === 'string' ? { errorCode: code } : {}),
    ...(error.cause !== undefined && depth < 3 ? { cause: errorOf(error.cause, depth + 1) } : {}),
  };
}

function createLogger(): Logger {
  return pino(
    {
      level: process.env.LOG_LEVEL || 'info',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: (error: unknown) => errorOf(error), error: (error: unknown) => errorOf(error) },
      // Top-level keys only: wildcard paths tripled the cost of a line (nothing nested is logged but errors, serialized above).
      redact: { paths: SECRET_KEYS, censor: '[redacted]' },
    },
    // Written a moment later, not in the request's own tick; flushed before the process exits (flushLog).
    pino.destination({ dest: 1, sync: false }),
  );
}

const globalForLog = globalThis as unknown as { __tribunaLog?: Logger };

/** This thread's logger. */
export function log(): Logger {
  return (globalForLog.__tribunaLog ??= createLogger());
}

/** Writes out what the logger still holds (before the process exits). */
export function flushLog(): Promise<void> {
  const logger = globalForLog.__tribunaLog;
  if (!logger) return Promise.resolve();
  return new Promise((resolve) => logger.flush(() => resolve()));
}
