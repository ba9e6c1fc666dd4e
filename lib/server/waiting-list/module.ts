import 'server-only';
// The waiting list of sold-out events over the API: the fan's join, state and leave, their own list, and
// the organiser's switch. Its job offers returned tickets to the fans in line.
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import {
  myWaitingEntriesSchema,
  waitingEntryAnswerSchema,
  waitingLeftSchema,
  waitingListJoinSchema,
  waitingListOverviewSchema,
  waitingListSettingsSchema,
  waitingListStateSchema,
} from '@/lib/schemas/waiting-list';
import { authenticate } from '@/lib/server/api/authenticate';
import { defineModule, operation } from '@/lib/server/api/operation';
import { requestLocale } from '@/lib/server/api/request-locale';
import { ApiError, failureOf, json, parseWith } from '@/lib/server/api/respond';
import { joinWaitingList, leaveWaitingList, myWaitingEntries, waitingListState } from './index';
import { sweepWaitingLists } from './offers';
import { getWaitingListSettings, setWaitingListSettings } from './organiser';

const noStore = { headers: { 'Cache-Control': 'private, no-store' } };

const FAN = '/api/v1/events/{id}/waiting-list';
const ORGANISER = '/api/v1/organiser/events/{eventId}/waiting-list';

export default defineModule({
  name: 'waiting-list',
  operations: [
    // GET /api/v1/events/{id}/waiting-list — the event's waiting list: on or off, sold out, and the caller's place (signed out: entry null)
    operation({
      method: 'get',
      path: FAN,
      summary:
        'The event’s waiting list: whether it is on, whether the event (or which categories) is sold out for general sale, how many tickets the caller may ask for and their place (signed out: entry null). Returned tickets go to the fans in line first, in the order they joined; an offer holds them in the fan’s cart for offerMinutes and the fan is emailed; an offer that runs out passes to the next',
      access: 'anyone',
      answer: waitingListStateSchema,
      failures: ['NOT_FOUND'],
      handle: async ({ request, params }) => {
        const caller = await authenticate(request);
        const state = await waitingListState({ user: caller?.user ?? null, eventRef: params.id, locale: requestLocale(request) });
        if (!state) throw new ApiError('NOT_FOUND');
        return json(state, noStore);
      },
    }),
    // POST /api/v1/events/{id}/waiting-list — joins {quantity, ticketTypeId?}
    operation({
      method: 'post',
      path: FAN,
      summary:
        'Join the waiting list for quantity tickets (of one category, or any): only while it is on and the event (category) is sold out (else 409 WAITING_LIST_OFF, NOT_SOLD_OUT), within the per-order and per-fan limits (409 LIMIT_PER_USER), once at a time (409 ALREADY_WAITING)',
      access: 'signed-in',
      body: waitingListJoinSchema,
      answer: waitingEntryAnswerSchema,
      failures: ['EVENT_NOT_FOUND', 'TICKET_TYPE_NOT_FOUND', 'WAITING_LIST_OFF', 'NOT_SOLD_OUT', 'LIMIT_PER_USER', 'ALREADY_WAITING'],
      handle: async ({ request, params, body, caller }) => {
        const result = await joinWaitingList({ user: caller.user, eventRef: params.id, quantity: body.quantity, ticketTypeId: body.ticketTypeId, locale: requestLocale(request) });
        if (!result.ok) throw failureOf(result);
        return json({ entry: result.entry }, noStore);
      },
    }),
    // DELETE /api/v1/events/{id}/waiting-list — leaves (an offer held in the cart goes to the next fan)
    operation({
      method: 'delete',
      path: FAN,
      summary: 'Leave the waiting list; an offer held in the cart is declined and passes to the next fan',
      access: 'signed-in',
      answer: waitingLeftSchema,
      failures: ['EVENT_NOT_FOUND', 'WAITING_ENTRY_NOT_FOUND'],
      handle: async ({ params, caller }) => {
        const result = await leaveWaitingList({ user: caller.user, eventRef: params.id });
        if (!result.ok) throw failureOf(result);
        return json({ ok: true as const }, noStore);
      },
    }),
    // GET /api/v1/waiting-list — the caller's waiting-list entries: open ones and those that ended within the last week
    operation({
      method: 'get',
      path: '/api/v1/waiting-list',
      summary: 'The caller’s waiting-list entries: open ones (waiting with their place, offered with the offer’s end) and those that ended within the last week',
      access: 'signed-in',
      answer: myWaitingEntriesSchema,
      failures: [],
      handle: async ({ request, caller }) => json({ entries: await myWaitingEntries({ user: caller.user, locale: requestLocale(request) }) }, noStore),
    }),
    // GET /api/v1/organiser/events/{eventId}/waiting-list — the event's waiting list: on or off, offer minutes, how many wait
    operation({
      method: 'get',
      path: ORGANISER,
      summary: 'The event’s waiting list (owner, manager): on or off, the minutes an offer holds its tickets, how many fans wait, hold offers, bought',
      access: { capability: 'events', owner: 'event', param: 'eventId' },
      params: eventIdParamSchema,
      answer: waitingListOverviewSchema,
      failures: ['VALIDATION'],
      handle: async ({ params, caller }) => {
        const { eventId } = parseWith(eventIdParamSchema, params);
        const result = await getWaitingListSettings(caller.user.id, eventId);
        if (!result.ok) throw failureOf(result);
        const { ok: _ok, ...view } = result;
        return view;
      },
    }),
    // PUT /api/v1/organiser/events/{eventId}/waiting-list — {enabled, offerMinutes} sets them
    operation({
      method: 'put',
      path: ORGANISER,
      summary:
        'Turn the event’s waiting list on or off and set the minutes an offer holds its tickets (5–1440, default 30) (owner, manager). Off closes the places of the fans still waiting; offers already made stay until they run out',
      access: { capability: 'events', owner: 'event', param: 'eventId' },
      params: eventIdParamSchema,
      body: waitingListSettingsSchema,
      answer: waitingListOverviewSchema,
      failures: [],
      handle: async ({ params, body, caller }) => {
        const { eventId } = parseWith(eventIdParamSchema, params);
        const result = await setWaitingListSettings(caller.user.id, eventId, body);
        if (!result.ok) throw failureOf(result);
        const { ok: _ok, ...view } = result;
        return view;
      },
    }),
  ],
  jobs: [
    // After the expired carts were ended: what they held, and offers that ran out, go to the waiting lists.
    {
      name: 'waiting lists',
      order: 20,
      run: async () => {
        await sweepWaitingLists();
        return false;
      },
    },
  ],
});
