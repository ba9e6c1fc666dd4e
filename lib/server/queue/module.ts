import 'server-only';
// The waiting room of a queued on-sale over the API (issue 34): the fan joins, polls their place (the
// most frequent call of an on-sale: `hot`), enters a presale code; the organiser queues the sale, sets its
// rate and presale, and makes presale codes. The same operations for an event's sale (/events/{id}/…)
// and a season's ticket sale (/seasons/{seasonId}/…), made by one factory per side (the fan's in
// ./operations.ts). Holds check the admission in cart/, packages/ and seasons/ (the season hold).
import type { z } from 'zod';
import { eventIdParamSchema as orgEventParamSchema } from '@/lib/schemas/organiser';
import { okSchema } from '@/lib/schemas/primitives';
import { presaleCodesInputSchema, presaleCodesSchema, waitingRoomInputSchema, waitingRoomSchema } from '@/lib/schemas/queue';
import { seasonIdParamSchema } from '@/lib/schemas/seasons';
import { defineModule, operation } from '@/lib/server/api/operation';
import { failureOf, parseWith } from '@/lib/server/api/respond';
import { eventQueueOperations } from './operations';
import { makePresaleCodes, removeWaitingRoom, setWaitingRoom, waitingRoomOf } from './organiser';
import { admitAllRooms, type Sale } from './room';

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
    // The season's queue is declared by seasons/module.ts (after /seasons/renewals), from the same factory.
    ...eventQueueOperations,
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
