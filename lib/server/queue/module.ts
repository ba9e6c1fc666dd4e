import 'server-only';
// The waiting room of a queued on-sale over the API (issue 34): the fan joins, polls their place (the
// most frequent call of an on-sale: `hot`), enters a presale code; the organiser queues the sale, sets its
// rate and presale, and makes presale codes. The same operations for an event's sale (/events/{id}/…)
// and a season's ticket sale (/seasons/{seasonId}/…), made by one factory per side. Holds check the
// admission in cart/, packages/ and seasons/ (the season hold).
import { generateCookie } from 'hono/cookie';
import type { z } from 'zod';
import { eventIdParamSchema as orgEventParamSchema } from '@/lib/schemas/organiser';
import { okSchema } from '@/lib/schemas/primitives';
import {
  presaleCodeSchema,
  presaleCodesInputSchema,
  presaleCodesSchema,
  queueStatusSchema,
  seasonQueueStatusSchema,
  waitingRoomInputSchema,
  waitingRoomSchema,
  type QueueStatus,
  type SeasonQueueStatus,
} from '@/lib/schemas/queue';
import { seasonIdParamSchema, seasonRefParamSchema } from '@/lib/schemas/seasons';
import { defineModule, operation } from '@/lib/server/api/operation';
import { failureOf, json, parseWith } from '@/lib/server/api/respond';
import { clientIp, enforceRateLimit } from '@/lib/server/rate-limit';
import { admissionCookie } from './admission';
import { enterPresaleCode, joinQueue, queueStatus, type SaleRef } from './fan';
import { makePresaleCodes, removeWaitingRoom, setWaitingRoom, waitingRoomOf } from './organiser';
import { admitAllRooms, type Sale } from './room';


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

/** The organiser's operations of one kind of sale: the path, who may (the sale's organisation, 'events'), which sale. */
type OrganiserSale<P extends z.ZodType> = {
  base: `/api/v1/${string}`;
  noun: string;
  access: { capability: 'events'; owner: 'event' | 'season'; param: string };
  params: P;
  sale: (params: Record<string, string>) => Sale;
};

const organiserOperations = <P extends z.ZodType>(kind: OrganiserSale<P>) => [
  operation({
    method: 'get',
    path: kind.base,
    summary: `Whether the ${kind.noun} is queued, with its rate (and the automatic default), presale and how many fans wait and were admitted`,
    access: kind.access,
    params: kind.params,
    answer: waitingRoomSchema,
    failures: [],
    handle: async ({ params }) => waitingRoomOf(kind.sale(params)),
  }),
  operation({
    method: 'put',
    path: kind.base,
    summary: `Queue the ${kind.noun} (or change it): {ratePerMinute (null: the automatic default), admissionMinutes, presaleStartsAt, presaleSeasonHolders, presaleMinPoints}. From then on every hold of it needs an admission from the queue`,
    access: kind.access,
    params: kind.params,
    body: waitingRoomInputSchema,
    answer: waitingRoomSchema,
    failures: [],
    handle: async ({ params, body, caller }) => setWaitingRoom(caller.user, kind.sale(params), body),
  }),
  operation({
    method: 'delete',
    path: kind.base,
    summary: `Stop queuing the ${kind.noun}: the places and codes go, holds need no admission`,
    access: kind.access,
    params: kind.params,
    answer: okSchema,
    failures: [],
    handle: async ({ params, caller }) => {
      await removeWaitingRoom(caller.user, kind.sale(params));
      return { ok: true as const };
    },
  }),
  operation({
    method: 'post',
    path: `${kind.base}/codes` as const,
    summary: 'Make {count} single-use presale codes (1–1000); they are shown once, only their hashes are kept',
    access: kind.access,
    params: kind.params,
    body: presaleCodesInputSchema,
    answer: presaleCodesSchema,
    status: 201,
    failures: ['QUEUE_NOT_FOUND'],
    handle: async ({ params, body, caller }) => {
      const result = await makePresaleCodes(caller.user, kind.sale(params), body.count);
      if (!result.ok) throw failureOf(result);
      return { codes: result.codes };
    },
  }),
];

export default defineModule({
  name: 'queue',
  operations: [
    ...fanOperations({ base: '/api/v1/events/{id}/queue', noun: 'event', answer: queueStatusSchema, notFound: 'EVENT_NOT_FOUND', ref: (params) => ({ eventRef: params.id }) }),
    ...fanOperations({
      base: '/api/v1/seasons/{seasonId}/queue',
      noun: 'season ticket sale',
      answer: seasonQueueStatusSchema,
      notFound: 'SEASON_NOT_FOUND',
      ref: (params) => ({ seasonRef: parseWith(seasonRefParamSchema, params).seasonId }),
    }),
    ...organiserOperations({
      base: '/api/v1/organiser/events/{eventId}/waiting-room',
      noun: 'event’s sale',
      access: { capability: 'events', owner: 'event', param: 'eventId' },
      params: orgEventParamSchema,
      sale: (params) => ({ kind: 'event', id: parseWith(orgEventParamSchema, params).eventId }),
    }),
    ...organiserOperations({
      base: '/api/v1/organiser/seasons/{seasonId}/waiting-room',
      noun: 'season’s ticket sale',
      access: { capability: 'events', owner: 'season', param: 'seasonId' },
      params: seasonIdParamSchema,
      sale: (params) => ({ kind: 'season', id: parseWith(seasonIdParamSchema, params).seasonId }),
    }),
  ],
  jobs: [
    // A backstop when nobody polls: the draw and the admissions the rate allows, for every room with fans waiting.
    { name: 'waiting rooms', order: 40, run: async () => (await admitAllRooms(), false) },
  ],
});
