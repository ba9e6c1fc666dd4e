import 'server-only';
// Part refunds over the API (issue 33 items 3–5): a fan returns a ticket (or the order's tickets) after a
// postponement or where the organiser allows it, seeing first what comes back; the organiser postpones an
// event and sets the rules of fans' own cancellations. The core (refundTickets, refundAmount: ./core.ts) is
// for other features' transactions (the support desk).
import { defineModule, operation } from '@/lib/server/api/operation';
import { failureOf, parseWith } from '@/lib/server/api/respond';
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import { ticketIdParamSchema } from '@/lib/schemas/tickets';
import {
  postponeAnswerSchema,
  postponeSchema,
  refundDoneSchema,
  refundOfferSchema,
  refundQuerySchema,
  refundRequestSchema,
  selfCancelRulesAnswerSchema,
  selfCancelRulesSchema,
} from '@/lib/schemas/refunds';
import { getSelfCancelRules, postponeEvent, setSelfCancelRules } from './postpone';
import { refundOffer, requestRefund } from './self-service';

const eventEditor = { capability: 'events', owner: 'event', param: 'eventId' } as const;
const FAN = '/api/v1/tickets/{id}/refund';
const SELF_CANCEL = '/api/v1/organiser/events/{eventId}/self-cancel';

export default defineModule({
  name: 'refunds',
  operations: [
    operation({
      method: 'get',
      path: FAN,
      summary:
        'What returning the ticket gives back now (scope=ticket) or every ticket of its order the caller bought and holds (scope=order): per ticket and in total, to the card, as wallet credit and as loyalty points, the service fee kept, and until when — after a postponement until the organiser’s deadline, else where the organiser lets fans cancel, up to its hours before the start',
      access: 'signed-in',
      params: ticketIdParamSchema,
      query: refundQuerySchema,
      answer: refundOfferSchema,
      failures: ['TICKET_NOT_FOUND', 'TICKET_NOT_REFUNDABLE', 'TICKET_ALREADY_REFUNDED', 'SELF_CANCEL_NOT_ALLOWED', 'SELF_CANCEL_CLOSED', 'REFUND_DEADLINE_PASSED'],
      handle: async ({ params, query, caller }) => {
        const { id } = parseWith(ticketIdParamSchema, params);
        const result = await refundOffer(caller.user, { ticketId: id, scope: query.scope });
        if (!result.ok) throw failureOf(result);
        return result.offer;
      },
    }),
    operation({
      method: 'post',
      path: FAN,
      summary:
        'Return the ticket (scope=ticket) or every ticket of its order the caller bought and holds (scope=order) now: the tickets turn void, their places go back on sale, and the money goes back where it came from (card, wallet credit, points), each ticket once however many requests arrive at once. Refused after the deadline or outside the organiser’s window, translated',
      access: 'signed-in',
      params: ticketIdParamSchema,
      body: refundRequestSchema,
      answer: refundDoneSchema,
      failures: ['TICKET_NOT_FOUND', 'TICKET_NOT_REFUNDABLE', 'TICKET_ALREADY_REFUNDED', 'SELF_CANCEL_NOT_ALLOWED', 'SELF_CANCEL_CLOSED', 'REFUND_DEADLINE_PASSED'],
      handle: async ({ params, body, caller }) => {
        const { id } = parseWith(ticketIdParamSchema, params);
        const result = await requestRefund(caller.user, { ticketId: id, scope: body.scope });
        if (!result.ok) throw failureOf(result);
        return result.done;
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/organiser/events/{eventId}/postpone',
      summary:
        'Postpone the event (owner, manager): a new start (end, doors and the sale’s end move by as much) and a refund deadline (after now, not after the new start). Every ticket stays valid for the new date; every holder is mailed in their language and notified by push, with the office’s optional message; until the deadline each holder who bought their ticket may ask for the money back (the service fee too). Audited',
      tag: 'organiser',
      access: eventEditor,
      params: eventIdParamSchema,
      body: postponeSchema,
      answer: postponeAnswerSchema,
      failures: ['EVENT_NOT_POSTPONABLE', 'POSTPONE_START_INVALID', 'REFUND_DEADLINE_INVALID'],
      handle: async ({ params, body, caller }) => {
        const { eventId } = parseWith(eventIdParamSchema, params);
        const result = await postponeEvent(caller.user, eventId, body);
        if (!result.ok) throw failureOf(result);
        const { ok: _ok, ...view } = result;
        return view;
      },
    }),
    operation({
      method: 'get',
      path: SELF_CANCEL,
      summary: 'The event’s rules for fans cancelling their own tickets (owner, manager): allowed or not, up to how many hours before the start, the service fee back or not (null: the organisation’s rule), and how many tickets fans cancelled',
      tag: 'organiser',
      access: eventEditor,
      params: eventIdParamSchema,
      answer: selfCancelRulesAnswerSchema,
      failures: [],
      handle: async ({ params, caller }) => {
        const { eventId } = parseWith(eventIdParamSchema, params);
        const result = await getSelfCancelRules(caller.user, eventId);
        if (!result.ok) throw failureOf(result);
        return result.rules;
      },
    }),
    operation({
      method: 'put',
      path: SELF_CANCEL,
      summary: 'Set the event’s rules for fans cancelling their own tickets (owner, manager): allowed, hours before the start (0–8760), the service fee back (true), kept (false) or by the organisation’s rule (null). Audited',
      tag: 'organiser',
      access: eventEditor,
      params: eventIdParamSchema,
      body: selfCancelRulesSchema,
      answer: selfCancelRulesAnswerSchema,
      failures: [],
      handle: async ({ params, body, caller }) => {
        const { eventId } = parseWith(eventIdParamSchema, params);
        const result = await setSelfCancelRules(caller.user, eventId, body);
        if (!result.ok) throw failureOf(result);
        return result.rules;
      },
    }),
  ],
});
