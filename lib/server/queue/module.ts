import 'server-only';
// The waiting room of a queued on-sale over the API (issue 34): the fan joins, polls their place (the
// most frequent call of an on-sale: `hot`), enters a presale code; the organiser queues the event's sale,
// sets its rate and presale, and makes presale codes. Holds check the admission in cart/ and packages/.
import { generateCookie } from 'hono/cookie';
import { eventIdParamSchema as orgEventParamSchema } from '@/lib/schemas/organiser';
import { okSchema } from '@/lib/schemas/primitives';
import { presaleCodeSchema, presaleCodesInputSchema, presaleCodesSchema, queueStatusSchema, waitingRoomInputSchema, waitingRoomSchema, type QueueStatus } from '@/lib/schemas/queue';
import { defineModule, operation } from '@/lib/server/api/operation';
import { failureOf, json, parseWith } from '@/lib/server/api/respond';
import { clientIp, enforceRateLimit } from '@/lib/server/rate-limit';
import { admissionCookie } from './admission';
import { enterPresaleCode, joinQueue, queueStatus } from './fan';
import { makePresaleCodes, removeWaitingRoom, setWaitingRoom, waitingRoomOf } from './organiser';
import { admitAllRooms } from './room';

const ofEvent = { capability: 'events', owner: 'event', param: 'eventId' } as const;

function secure(request: Request): boolean {
  const forwarded = request.headers.get('x-forwarded-proto');
  if (forwarded) return forwarded.split(',')[0].trim() === 'https';
  return (process.env.APP_URL ?? '').startsWith('https:') || new URL(request.url).protocol === 'https:';
}

/** The place as JSON, never cached; an admission also goes into the event's cookie, which holds carry. */
function placeAnswer(request: Request, status: QueueStatus, init: { status?: number } = {}): Response {
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  if (status.admission) {
    const seconds = Math.max(1, Math.floor((Date.parse(status.admission.expiresAt) - Date.now()) / 1000));
    headers.append('Set-Cookie', generateCookie(admissionCookie(status.eventId), status.admission.token, { httpOnly: true, sameSite: 'Lax', secure: secure(request), path: '/', maxAge: seconds }));
  }
  return json(status, { status: init.status ?? 200, headers });
}

/** Joins per client address a minute (many fans share an address behind a NAT: generous). */
export const JOIN_ADDRESS_LIMIT = 60;

export default defineModule({
  name: 'queue',
  operations: [
    operation({
      method: 'get',
      path: '/api/v1/events/{id}/queue',
      summary:
        "The caller's place in the event's waiting room: state (none, prequeue, waiting, admitted, expired), position, fans ahead, estimated wait from the measured admission rate, progress, and nextPollSeconds (add jitter). Admitted: the signed admission (also set as a cookie) that the event's holds require",
      access: 'signed-in',
      answer: queueStatusSchema,
      failures: ['EVENT_NOT_FOUND', 'QUEUE_NOT_FOUND'],
      hot: true,
      handle: async ({ request, params, caller }) => {
        const result = await queueStatus({ userId: caller.user.id, eventRef: params.id });
        if (!result.ok) throw failureOf(result);
        return placeAnswer(request, result.status);
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/events/{id}/queue',
      summary:
        'Join the event’s waiting room: one place per account (joining again, from another tab or device, answers the same place; after an admission ran out unused, a new place at the end). Before the start the place waits for the fair draw. Rate-limited per client address',
      access: 'signed-in',
      answer: queueStatusSchema,
      failures: ['EVENT_NOT_FOUND', 'QUEUE_NOT_FOUND', 'NOT_ON_SALE', 'RATE_LIMITED'],
      hot: true,
      handle: async ({ request, params, caller }) => {
        await enforceRateLimit([{ key: `queue-join:ip:${clientIp(request)}`, limit: JOIN_ADDRESS_LIMIT, windowSeconds: 60 }]);
        const result = await joinQueue({ userId: caller.user.id, eventRef: params.id });
        if (!result.ok) throw failureOf(result);
        return placeAnswer(request, result.status);
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/events/{id}/queue/presale-code',
      summary:
        'Enter a presale code {code} the organiser gave out: the fan keeps it (single use) and queues in the presale window. 422 for a code that is not one; guesses are limited (429 past 5 a minute per fan or 20 per client address)',
      access: 'signed-in',
      body: presaleCodeSchema,
      answer: queueStatusSchema,
      failures: ['EVENT_NOT_FOUND', 'QUEUE_NOT_FOUND', 'NOT_ON_SALE', 'INVALID_PRESALE_CODE', 'RATE_LIMITED'],
      handle: async ({ request, params, body, caller }) => {
        const result = await enterPresaleCode({ userId: caller.user.id, eventRef: params.id, code: body.code, clientAddress: clientIp(request) });
        if (!result.ok) throw failureOf(result);
        return placeAnswer(request, result.status);
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/organiser/events/{eventId}/waiting-room',
      summary: 'Whether the event’s sale is queued, with its rate (and the automatic default), presale and how many fans wait and were admitted',
      access: ofEvent,
      params: orgEventParamSchema,
      answer: waitingRoomSchema,
      failures: [],
      handle: async ({ params }) => {
        const { eventId } = parseWith(orgEventParamSchema, params);
        return waitingRoomOf(eventId);
      },
    }),
    operation({
      method: 'put',
      path: '/api/v1/organiser/events/{eventId}/waiting-room',
      summary:
        'Queue the event’s sale (or change it): {ratePerMinute (null: the automatic default), admissionMinutes, presaleStartsAt, presaleSeasonHolders, presaleMinPoints}. From then on every hold of the event needs an admission from the queue',
      access: ofEvent,
      params: orgEventParamSchema,
      body: waitingRoomInputSchema,
      answer: waitingRoomSchema,
      failures: [],
      handle: async ({ params, body, caller }) => {
        const { eventId } = parseWith(orgEventParamSchema, params);
        return setWaitingRoom(caller.user, eventId, body);
      },
    }),
    operation({
      method: 'delete',
      path: '/api/v1/organiser/events/{eventId}/waiting-room',
      summary: 'Stop queuing the event’s sale: the places and codes go, holds need no admission',
      access: ofEvent,
      params: orgEventParamSchema,
      answer: okSchema,
      failures: [],
      handle: async ({ params, caller }) => {
        const { eventId } = parseWith(orgEventParamSchema, params);
        await removeWaitingRoom(caller.user, eventId);
        return { ok: true as const };
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/organiser/events/{eventId}/waiting-room/codes',
      summary: 'Make {count} single-use presale codes (1–1000); they are shown once, only their hashes are kept',
      access: ofEvent,
      params: orgEventParamSchema,
      body: presaleCodesInputSchema,
      answer: presaleCodesSchema,
      status: 201,
      failures: ['QUEUE_NOT_FOUND'],
      handle: async ({ params, body, caller }) => {
        const { eventId } = parseWith(orgEventParamSchema, params);
        const result = await makePresaleCodes(caller.user, eventId, body.count);
        if (!result.ok) throw failureOf(result);
        return { codes: result.codes };
      },
    }),
  ],
  jobs: [
    // A backstop when nobody polls: the draw and the admissions the rate allows, for every room with fans waiting.
    { name: 'waiting rooms', order: 40, run: async () => (await admitAllRooms(), false) },
  ],
});
