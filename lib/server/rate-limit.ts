import 'server-only';
// Fixed-window rate limits kept in the database (table rate_limit_hits), so every server process
// shares the same counters. Used for sign-in, sign-up, password reset and code redemption.
//
//   await enforceRateLimit(request, [{ key: `signin:ip:${clientIp(request)}` }, { key: `signin:email:${email}` }]);
//   // → throws the translated 429 RATE_LIMITED (Retry-After: the seconds until its window ends) once any key is over its limit
//
// Lower-level: hitRateLimit(key, opts) counts one attempt; peekRateLimit(key, opts) only reads.
import { and, eq, lt, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/server/api/respond';
import { getDb, tables } from '@/lib/server/db';

export type RateLimitOptions = { limit?: number; windowSeconds?: number };
export type RateLimitResult = { allowed: boolean; count: number; limit: number; retryAfterSeconds: number };

const DEFAULT_LIMIT = 10;
const DEFAULT_WINDOW_SECONDS = 60;

/**
 * Multiplies every limit. RATE_LIMIT_SCALE overrides; the e2e server (TRIBUNA_E2E=1) uses 50 because all
 * its browsers share one IP address. Jest and real deployments use 1.
 */
function rateLimitScale(): number {
  const configured = Number(process.env.RATE_LIMIT_SCALE);
  if (Number.isFinite(configured) && configured > 0) return configured;
  return process.env.TRIBUNA_E2E === '1' ? 50 : 1;
}

function windowOf(windowSeconds: number, now: Date): { start: Date; retryAfterSeconds: number } {
  const ms = windowSeconds * 1000;
  const start = Math.floor(now.getTime() / ms) * ms;
  return { start: new Date(start), retryAfterSeconds: Math.max(1, Math.ceil((start + ms - now.getTime()) / 1000)) };
}

function limitOf(options: RateLimitOptions): number {
  return Math.max(1, Math.floor((options.limit ?? DEFAULT_LIMIT) * rateLimitScale()));
}

/** Counts one attempt under `key`; `allowed` is false once the window's count passes the limit. */
export async function hitRateLimit(key: string, options: RateLimitOptions = {}, now = new Date()): Promise<RateLimitResult> {
  const windowSeconds = options.windowSeconds ?? DEFAULT_WINDOW_SECONDS;
  const limit = limitOf(options);
  const { start, retryAfterSeconds } = windowOf(windowSeconds, now);
  const db = getDb();
  // One atomic upsert: concurrent attempts from several processes each get a distinct count.
  const [row] = await db
    .insert(tables.rateLimitHits)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [tables.rateLimitHits.key, tables.rateLimitHits.windowStart],
      set: { count: sql`${tables.rateLimitHits.count} + 1` },
    })
    .returning({ count: tables.rateLimitHits.count });
  if (Math.random() < 0.01) void sweepRateLimits(now).catch(() => {});
  return { allowed: row.count <= limit, count: row.count, limit, retryAfterSeconds };
}

/** Reads the current window's count without counting an attempt. */
export async function peekRateLimit(key: string, options: RateLimitOptions = {}, now = new Date()): Promise<RateLimitResult> {
  const windowSeconds = options.windowSeconds ?? DEFAULT_WINDOW_SECONDS;
  const limit = limitOf(options);
  const { start, retryAfterSeconds } = windowOf(windowSeconds, now);
  const [row] = await getDb()
    .select({ count: tables.rateLimitHits.count })
    .from(tables.rateLimitHits)
    .where(and(eq(tables.rateLimitHits.key, key), eq(tables.rateLimitHits.windowStart, start)))
    .limit(1);
  const count = row?.count ?? 0;
  return { allowed: count < limit, count, limit, retryAfterSeconds };
}

/** Old windows are worthless; dropped now and then (every ~100th hit). */
async function sweepRateLimits(now = new Date()): Promise<void> {
  await getDb()
    .delete(tables.rateLimitHits)
    .where(lt(tables.rateLimitHits.windowStart, new Date(now.getTime() - 24 * 3600 * 1000)));
}

/** Counts one attempt on every key; throws the translated 429 when any is over its limit. */
export async function enforceRateLimit(keys: ({ key: string } & RateLimitOptions)[]): Promise<void> {
  for (const { key, ...options } of keys) {
    const result = await hitRateLimit(key, options);
    if (!result.allowed) throw rateLimitedError(result.retryAfterSeconds);
  }
}

/** The 429 of a window that ends in `retryAfterSeconds` (its Retry-After). */
export function rateLimitedError(retryAfterSeconds: number): ApiError {
  return new ApiError('RATE_LIMITED', { retryAfterSeconds });
}

/**
 * The client's address: the first X-Forwarded-For hop (the production server, lib/server/serving/server.ts, rewrites the header to the one
 * address to count, see lib/server/serving/client-address.ts), else X-Real-IP, else 'unknown' (all such callers
 * then share one bucket).
 */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for');
  const first = forwarded?.split(',')[0]?.trim();
  if (first) return first.slice(0, 64);
  return request.headers.get('x-real-ip')?.trim().slice(0, 64) || 'unknown';
}
