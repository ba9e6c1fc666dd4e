// The waiting list of sold-out events in the OpenAPI document: the fan's join, state and leave, their list, the organiser's switch.
import { eventIdParamSchema } from '@/lib/schemas/events';
import { eventIdParamSchema as organiserEventIdParamSchema } from '@/lib/schemas/organiser';
import {
  myWaitingEntriesSchema,
  waitingEntryAnswerSchema,
  waitingLeftSchema,
  waitingListJoinSchema,
  waitingListOverviewSchema,
  waitingListSettingsSchema,
  waitingListStateSchema,
} from '@/lib/schemas/waiting-list';
import { errorResponse, jsonBody, jsonResponse, parametersOf, type ApiPaths } from '../builder';
import { auth, crossSite, invalid, notJson, unauthorized } from './common';
import { orgNotFound, roleForbidden } from './organiser';

const eventId = parametersOf(eventIdParamSchema, 'path');
const notFound = errorResponse('Unknown or unpublished event (NOT_FOUND)');

export const waitingListPaths: ApiPaths = {
  '/api/v1/events/{id}/waiting-list': {
    get: {
      tags: ['events'],
      summary:
        'The event’s waiting list: whether it is on, whether the event (or which categories) is sold out for general sale, how many tickets the caller may ask for and their place (signed out: entry null). Returned tickets go to the fans in line first, in the order they joined; an offer holds them in the fan’s cart for offerMinutes and the fan is emailed; an offer that runs out passes to the next',
      parameters: eventId,
      responses: { 200: jsonResponse('The waiting list', waitingListStateSchema), 404: notFound },
    },
    post: {
      tags: ['events'],
      security: auth,
      summary:
        'Join the waiting list for quantity tickets (of one category, or any): only while it is on and the event (category) is sold out (else 409 WAITING_LIST_OFF, NOT_SOLD_OUT), within the per-order and per-fan limits (409 LIMIT_PER_USER), once at a time (409 ALREADY_WAITING)',
      parameters: eventId,
      requestBody: jsonBody(waitingListJoinSchema),
      responses: {
        200: jsonResponse('{ entry }', waitingEntryAnswerSchema),
        401: unauthorized,
        403: crossSite,
        404: errorResponse('Unknown event or category (EVENT_NOT_FOUND, TICKET_TYPE_NOT_FOUND)'),
        409: errorResponse('WAITING_LIST_OFF, NOT_SOLD_OUT, ALREADY_WAITING or LIMIT_PER_USER'),
        415: notJson,
        422: invalid,
      },
    },
    delete: {
      tags: ['events'],
      security: auth,
      summary: 'Leave the waiting list; an offer held in the cart is declined and passes to the next fan',
      parameters: eventId,
      responses: {
        200: jsonResponse('{ ok: true }', waitingLeftSchema),
        401: unauthorized,
        403: crossSite,
        404: errorResponse('Unknown event (EVENT_NOT_FOUND), or the caller is not on its list (WAITING_ENTRY_NOT_FOUND)'),
      },
    },
  },
  '/api/v1/waiting-list': {
    get: {
      tags: ['tickets'],
      security: auth,
      summary: 'The caller’s waiting-list entries: open ones (waiting with their place, offered with the offer’s end) and those that ended within the last week',
      responses: { 200: jsonResponse('{ entries }', myWaitingEntriesSchema), 401: unauthorized },
    },
  },
  '/api/v1/organiser/events/{eventId}/waiting-list': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary: 'The event’s waiting list (owner, manager): on or off, the minutes an offer holds its tickets, how many fans wait, hold offers, bought',
      parameters: parametersOf(organiserEventIdParamSchema, 'path'),
      responses: { 200: jsonResponse('The waiting list', waitingListOverviewSchema), 401: unauthorized, 403: roleForbidden, 404: orgNotFound },
    },
    put: {
      tags: ['organiser'],
      security: auth,
      summary:
        'Turn the event’s waiting list on or off and set the minutes an offer holds its tickets (5–1440, default 30) (owner, manager). Off closes the places of the fans still waiting; offers already made stay until they run out',
      parameters: parametersOf(organiserEventIdParamSchema, 'path'),
      requestBody: jsonBody(waitingListSettingsSchema),
      responses: {
        200: jsonResponse('The waiting list', waitingListOverviewSchema),
        401: unauthorized,
        403: errorResponse('The caller’s role does not allow this (ROLE_FORBIDDEN), or a cross-site browser write (CROSS_SITE)'),
        404: orgNotFound,
        415: notJson,
        422: invalid,
      },
    },
  },
};
