// Named tickets for risk matches (Slovak act 1/2014): cart holders, naming a ticket, the organiser's rule.
import { eventIdParamSchema as cartEventIdParamSchema } from '@/lib/schemas/events';
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import {
  cartHoldersResultSchema,
  cartHoldersSchema,
  holderSchema,
  namedTicketsSettingsResultSchema,
  namedTicketsSettingsSchema,
  ticketHolderResultSchema,
} from '@/lib/schemas/named-tickets';
import { ticketIdParamSchema } from '@/lib/schemas/tickets';
import { errorResponse, jsonBody, jsonResponse, parametersOf, type ApiPaths } from '../builder';
import { auth, crossSite, invalid, notJson, unauthorized } from './common';
import { orgNotFound, roleForbidden } from './organiser';

const holders = jsonResponse('Each line of the cart: whether it must be named, and its holder so far', cartHoldersResultSchema);

export const namedTicketPaths: ApiPaths = {
  '/api/v1/events/{id}/cart/holders': {
    get: {
      tags: ['cart'],
      security: auth,
      summary: 'A risk match: which lines of the caller’s cart must be in their holder’s name, and the holders given so far (checkout refuses the cart until each is named: HOLDER_NAMES_MISSING)',
      parameters: parametersOf(cartEventIdParamSchema, 'path'),
      responses: { 200: holders, 401: unauthorized, 404: errorResponse('Unknown event (EVENT_NOT_FOUND)') },
    },
    put: {
      tags: ['cart'],
      security: auth,
      summary: 'Name the holder (full name, date of birth) of named lines of the cart; kept until 30 days after the event',
      parameters: parametersOf(cartEventIdParamSchema, 'path'),
      requestBody: jsonBody(cartHoldersSchema),
      responses: {
        200: holders,
        401: unauthorized,
        403: crossSite,
        404: errorResponse('Unknown event, or no such line in your cart (ITEM_NOT_FOUND)'),
        409: errorResponse('No cart (CART_EMPTY), or a line that is not named (HOLDER_NOT_NEEDED)'),
        415: notJson,
        422: invalid,
      },
    },
  },
  '/api/v1/tickets/{id}/holder': {
    put: {
      tags: ['tickets'],
      security: auth,
      summary: 'Name the holder of a named ticket that has none yet (a gift received, a ticket resold or redeemed); the code is issued only once it is named',
      parameters: parametersOf(ticketIdParamSchema, 'path'),
      requestBody: jsonBody(holderSchema),
      responses: {
        200: jsonResponse('The ticket’s holder', ticketHolderResultSchema),
        401: unauthorized,
        403: crossSite,
        404: errorResponse('Not your ticket (NOT_FOUND)'),
        409: errorResponse('Not a named ticket (HOLDER_NOT_NEEDED), already named (HOLDER_ALREADY_NAMED), or used or void'),
        415: notJson,
        422: invalid,
      },
    },
  },
  '/api/v1/organiser/events/{eventId}/named-tickets': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary: 'Whether the event’s tickets are in their holders’ names, for the whole event or per section (owner, manager)',
      parameters: parametersOf(eventIdParamSchema, 'path'),
      responses: { 200: jsonResponse('The rule and the venue’s sections', namedTicketsSettingsResultSchema), 401: unauthorized, 403: roleForbidden, 404: orgNotFound },
    },
    put: {
      tags: ['organiser'],
      security: auth,
      summary: 'Turn named tickets on for the whole event or for some sections (owner, manager); tickets already issued follow at once (a newly named one needs its owner to name the holder)',
      parameters: parametersOf(eventIdParamSchema, 'path'),
      requestBody: jsonBody(namedTicketsSettingsSchema),
      responses: {
        200: jsonResponse('The rule now', namedTicketsSettingsResultSchema),
        401: unauthorized,
        403: roleForbidden,
        404: orgNotFound,
        415: notJson,
        422: errorResponse('Invalid input, or a section not of the event’s venue (SECTION_NOT_IN_VENUE)'),
      },
    },
  },
};
