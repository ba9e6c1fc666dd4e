import 'server-only';
// The fan's operations of a waiting room (issue 34), one factory for both kinds of sale: an event's
// (/events/{id}/queue, declared by queue/module.ts) and a season's ticket sale (/seasons/{seasonId}/queue,
// declared by seasons/module.ts after /seasons/renewals: the app tries operations in order, and
// 'renewals' is no season). The fan joins, polls their place (the most frequent call of an on-sale:
// `hot`) and enters a presale code; an admission is also set as the sale's cookie, which holds carry.
import { generateCookie } from 'hono/cookie';
import type { z } from 'zod';
import { presaleCodeSchema, queueStatusSchema, seasonQueueStatusSchema, type QueueStatus, type SeasonQueueStatus } from '@/lib/schemas/queue';
import { seasonRefParamSchema } from '@/lib/schemas/seasons';
import { operation } from '@/lib/server/api/operation';
import { failureOf, json, parseWith } from '@/lib/server/api/respond';
import { clientIp, enforceRateLimit } from '@/lib/server/rate-limit';
import { admissionCookie } from './admission';
import { enterPresaleCode, joinQueue, queueStatus, type SaleRef } from './fan';

function secure(request: Request): boolean {
  const forwarded = request.headers.get('x-forwarded-proto');
  if (forwarded) return forwarded.split(',')[0].trim() === 'https';
  return (process.env.APP_URL ?? '').startsWith('https:') || new URL(request.url).protocol === 'https:';
}

/** The place as JSON, never cached; an admission also goes into the sale's cookie, which holds carry. */
function placeAnswer(request: Request, status: QueueStatus | SeasonQueueStatus, init: { status?: number } = {}): Response {
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  if (status.admission) {
    const seconds = Math.max(1, Math.floor((Date.parse(status.admission.expiresAt) - Date.now()) / 1000));
    const saleId = 'seasonId' in status ? status.seasonId : status.eventId;
    headers.append('Set-Cookie', generateCookie(admissionCookie(saleId), status.admission.token, { httpOnly: true, sameSite: 'Lax', secure: secure(request), path: '/', maxAge: seconds }));
  }
  return json(status, { status: init.status ?? 200, headers });
}

/** Joins per client address a minute (many fans share an address behind a NAT: generous). */
export const JOIN_ADDRESS_LIMIT = 60;

/** The fan's operations of one kind of sale: their paths, how the path names the sale, and what they answer. */
type FanSale<A extends z.ZodType> = { base: `/api/v1/${string}`; noun: string; answer: A; notFound: 'EVENT_NOT_FOUND' | 'SEASON_NOT_FOUND'; ref: (params: Record<string, string>) => SaleRef };

const fanOperations = <A extends z.ZodType>(kind: FanSale<A>) => [
  operation({
    method: 'get',
    path: kind.base,
    summary: `The caller's place in the ${kind.noun}'s waiting room: state (none, prequeue, waiting, admitted, expired), position, fans ahead, estimated wait from the measured admission rate, progress, and nextPollSeconds (add jitter). Admitted: the signed admission (also set as a cookie) that the ${kind.noun}'s holds require`,
    access: 'signed-in',
    answer: kind.answer,
    failures: [kind.notFound, 'QUEUE_NOT_FOUND'],
    hot: true,
    handle: async ({ request, params, caller }) => {
      const result = await queueStatus({ userId: caller.user.id, ...kind.ref(params) });
      if (!result.ok) throw failureOf(result);
      return placeAnswer(request, result.status);
    },
  }),
  operation({
    method: 'post',
    path: kind.base,
    summary: `Join the ${kind.noun}’s waiting room: one place per account (joining again, from another tab or device, answers the same place; after an admission ran out unused, a new place at the end). Before the start the place waits for the fair draw. Rate-limited per client address`,
    access: 'signed-in',
    answer: kind.answer,
    failures: [kind.notFound, 'QUEUE_NOT_FOUND', 'NOT_ON_SALE', 'RATE_LIMITED'],
    hot: true,
    handle: async ({ request, params, caller }) => {
      await enforceRateLimit([{ key: `queue-join:ip:${clientIp(request)}`, limit: JOIN_ADDRESS_LIMIT, windowSeconds: 60 }]);
      const result = await joinQueue({ userId: caller.user.id, ...kind.ref(params) });
      if (!result.ok) throw failureOf(result);
      return placeAnswer(request, result.status);
    },
  }),
  operation({
    method: 'post',
    path: `${kind.base}/presale-code` as const,
    summary: `Enter a presale code {code} the organiser gave out for the ${kind.noun}: the fan keeps it (single use) and queues in the presale window. 422 for a code that is not one; guesses are limited (429 past 5 a minute per fan or 20 per client address)`,
    access: 'signed-in',
    body: presaleCodeSchema,
    answer: kind.answer,
    failures: [kind.notFound, 'QUEUE_NOT_FOUND', 'NOT_ON_SALE', 'INVALID_PRESALE_CODE', 'RATE_LIMITED'],
    handle: async ({ request, params, body, caller }) => {
      const result = await enterPresaleCode({ userId: caller.user.id, ...kind.ref(params), code: body.code, clientAddress: clientIp(request) });
      if (!result.ok) throw failureOf(result);
      return placeAnswer(request, result.status);
    },
  }),
];

/** An event's queue: GET/POST /api/v1/events/{id}/queue and its presale code. */
export const eventQueueOperations = fanOperations({ base: '/api/v1/events/{id}/queue', noun: 'event', answer: queueStatusSchema, notFound: 'EVENT_NOT_FOUND', ref: (params) => ({ eventRef: params.id }) });

/** A season ticket sale's queue: GET/POST /api/v1/seasons/{seasonId}/queue and its presale code. */
export const seasonQueueOperations = fanOperations({
  base: '/api/v1/seasons/{seasonId}/queue',
  noun: 'season ticket sale',
  answer: seasonQueueStatusSchema,
  notFound: 'SEASON_NOT_FOUND',
  ref: (params) => ({ seasonRef: parseWith(seasonRefParamSchema, params).seasonId }),
});
