// Concessions (child, student, senior, ZŤP, ZŤP-S) per price category, per cart line, and wheelchair places held back for ZŤP / ZŤP-S card holders.
import {
  accessibleHoldSchema,
  accessibleSeatsResultSchema,
  cartConcessionSchema,
  cartConcessionsResultSchema,
  categoryConcessionsResultSchema,
  categoryConcessionsSchema,
} from '@/lib/schemas/concessions';
import { eventIdParamSchema } from '@/lib/schemas/events';
import { priceCategoryParamSchema } from '@/lib/schemas/organiser-events';
import { errorResponse, jsonBody, jsonResponse, parametersOf, type ApiPaths } from '../builder';
import { auth, crossSite, invalid, notJson, unauthorized } from './common';
import { orgNotFound, roleForbidden } from './organiser';

const lines = jsonResponse('Each line of the cart: its concession, whether it is a wheelchair place, and the concessions it may take with their prices', cartConcessionsResultSchema);
const category = jsonResponse('The category’s concessions', categoryConcessionsResultSchema);

export const concessionPaths: ApiPaths = {
  '/api/v1/events/{id}/accessible-seats': {
    get: {
      tags: ['events'],
      summary: 'The event’s wheelchair places and companion seats, and which are free; a general cart cannot hold them (ACCESSIBLE_SEAT)',
      parameters: parametersOf(eventIdParamSchema, 'path'),
      responses: { 200: jsonResponse('The accessible seats', accessibleSeatsResultSchema), 404: errorResponse('Unknown event (EVENT_NOT_FOUND)') },
    },
  },
  '/api/v1/events/{id}/cart/concessions': {
    get: {
      tags: ['cart'],
      security: auth,
      summary: 'The concession of each line of the caller’s cart (null: full price) and what each may be switched to',
      parameters: parametersOf(eventIdParamSchema, 'path'),
      responses: { 200: lines, 401: unauthorized, 404: errorResponse('Unknown event (EVENT_NOT_FOUND)') },
    },
    put: {
      tags: ['cart'],
      security: auth,
      summary:
        'Pick one line’s concession (null: full price): the line’s price becomes the concession’s and the cart’s total follows; a ZŤP-S concession with the companion rule adds a free companion line (the seat next to it). The gate asks for the card',
      parameters: parametersOf(eventIdParamSchema, 'path'),
      requestBody: jsonBody(cartConcessionSchema),
      responses: {
        200: lines,
        401: unauthorized,
        403: crossSite,
        404: errorResponse('Unknown event, or no such line in your cart (ITEM_NOT_FOUND)'),
        409: errorResponse('No cart (CART_EMPTY), a concession the category does not offer or a resale or companion line (CONCESSION_NOT_OFFERED), or no free seat next to it for the companion (NO_COMPANION_SEAT)'),
        415: notJson,
        422: errorResponse('Invalid input, or a wheelchair place switched away from ZŤP / ZŤP-S (WHEELCHAIR_NEEDS_CARD)'),
      },
    },
  },
  '/api/v1/events/{id}/cart/accessible': {
    post: {
      tags: ['cart'],
      security: auth,
      summary: 'Hold a wheelchair place in the caller’s cart with a ZŤP or ZŤP-S concession (and, with the companion rule, its free companion seat), all or nothing',
      parameters: parametersOf(eventIdParamSchema, 'path'),
      requestBody: jsonBody(accessibleHoldSchema),
      responses: {
        200: lines,
        401: unauthorized,
        403: crossSite,
        404: errorResponse('Unknown event (EVENT_NOT_FOUND)'),
        409: errorResponse('Taken (SEAT_TAKEN), not on sale, a limit, the category does not offer the concession (CONCESSION_NOT_OFFERED), or no companion seat (NO_COMPANION_SEAT)'),
        415: notJson,
        422: errorResponse('Invalid input, or not a wheelchair place of the event (NOT_WHEELCHAIR_PLACE)'),
      },
    },
  },
  '/api/v1/organiser/events/{eventId}/price-categories/{categoryId}/concessions': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary: 'The price category’s concession prices (child, student, senior, ZŤP, ZŤP-S) and companion rules (owner, manager)',
      parameters: parametersOf(priceCategoryParamSchema, 'path'),
      responses: { 200: category, 401: unauthorized, 403: roleForbidden, 404: orgNotFound, 422: invalid },
    },
    put: {
      tags: ['organiser'],
      security: auth,
      summary: 'Replace the category’s concessions (owner, manager): those left out are not offered; a companion rule only for ZŤP and ZŤP-S. Lines already in carts keep their price',
      parameters: parametersOf(priceCategoryParamSchema, 'path'),
      requestBody: jsonBody(categoryConcessionsSchema),
      responses: { 200: category, 401: unauthorized, 403: roleForbidden, 404: orgNotFound, 415: notJson, 422: invalid },
    },
  },
};
