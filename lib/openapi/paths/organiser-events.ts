// The organiser's events and price categories in the OpenAPI document.
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import {
  createEventSchema,
  createPriceCategorySchema,
  eventsQuerySchema,
  organiserEventAnswerSchema,
  organiserEventListSchema,
  priceCategoryAnswerSchema,
  priceCategoryListSchema,
  priceCategoryParamSchema,
  updateEventSchema,
  updatePriceCategorySchema,
} from '@/lib/schemas/organiser-events';
import { okSchema } from '@/lib/schemas/primitives';
import { errorResponse, jsonBody, jsonResponse, parametersOf, type ApiPaths } from '../builder';
import { auth, invalid, notJson, unauthorized } from './common';
import { orgNotFound, roleForbidden } from './organiser';

const eventId = parametersOf(eventIdParamSchema, 'path');
const categoryId = parametersOf(priceCategoryParamSchema, 'path');
const tags = ['organiser'];
const access = { 401: unauthorized, 403: roleForbidden, 404: orgNotFound };
const writeAccess = { ...access, 403: errorResponse('The caller’s role does not allow this (ROLE_FORBIDDEN), or a cross-site write (CROSS_SITE)') };
const datesInvalid = 'Invalid input (VALIDATION), doors after the start (DOORS_AFTER_START), an end not after the start (END_BEFORE_START), sales closing before they open (SALE_WINDOW_INVALID), priority access without both its time and points or not before the general sale (PRIORITY_WINDOW_INVALID)';
const unitsTaken = 'Fans have places (sold or in carts) the change would take away or re-price (UNITS_TAKEN; the message says how many)';

export const organiserEventPaths: ApiPaths = {
  '/api/v1/organiser/events': {
    get: {
      tags,
      security: auth,
      summary: 'Every event of the organisation, drafts too, newest start first, with status, venue and sold/capacity',
      parameters: parametersOf(eventsQuerySchema, 'query'),
      responses: { 200: jsonResponse('{ events }', organiserEventListSchema), 422: invalid, ...access },
    },
    post: {
      tags,
      security: auth,
      summary:
        'Create a draft at one of the organisation’s venues. Czech and English texts left empty take the Slovak; the slug comes from the Slovak title; the resale rules are the organisation’s defaults; no image until one is uploaded',
      requestBody: jsonBody(createEventSchema),
      responses: {
        201: jsonResponse('{ event }', organiserEventAnswerSchema),
        ...writeAccess,
        404: errorResponse('The organisation or the venue is not the caller’s (NOT_FOUND)'),
        415: notJson,
        422: errorResponse(datesInvalid),
      },
    },
  },
  '/api/v1/organiser/events/{eventId}': {
    get: {
      tags,
      security: auth,
      summary: 'Everything editable of an event, with its price categories, the venue’s sections (and which category sells each) and its counts',
      parameters: eventId,
      responses: { 200: jsonResponse('{ event }', organiserEventAnswerSchema), 422: invalid, ...access },
    },
    patch: {
      tags,
      security: auth,
      summary:
        'Change any editable field; a text is given whole. Fans see the change at once. Refused once tickets are sold or in carts: another currency (CURRENCY_LOCKED) or venue (VENUE_LOCKED)',
      parameters: eventId,
      requestBody: jsonBody(updateEventSchema),
      responses: {
        200: jsonResponse('{ event }', organiserEventAnswerSchema),
        ...writeAccess,
        404: errorResponse('The event or the venue is not the caller’s organisation’s (NOT_FOUND)'),
        409: errorResponse(`CURRENCY_LOCKED, VENUE_LOCKED, a cancelled event (EVENT_CANCELLED), or ${unitsTaken}`),
        415: notJson,
        422: errorResponse(datesInvalid),
      },
    },
  },
  '/api/v1/organiser/events/{eventId}/publish': {
    post: {
      tags,
      security: auth,
      summary: 'A draft goes on sale (within its sale window). Publishing a published event changes nothing',
      parameters: eventId,
      responses: {
        200: jsonResponse('{ event }', organiserEventAnswerSchema),
        ...writeAccess,
        409: errorResponse('No price category with places (NO_PLACES), no image (NO_IMAGE), the start has passed (EVENT_IN_PAST), or cancelled (EVENT_CANCELLED)'),
      },
    },
  },
  '/api/v1/organiser/events/{eventId}/unpublish': {
    post: {
      tags,
      security: auth,
      summary: 'A published event goes back to draft: it leaves the fans’ list and sales stop; sold tickets stay valid',
      parameters: eventId,
      responses: { 200: jsonResponse('{ event }', organiserEventAnswerSchema), ...writeAccess, 409: errorResponse('A cancelled event (EVENT_CANCELLED)') },
    },
  },
  '/api/v1/organiser/events/{eventId}/price-categories': {
    get: {
      tags,
      security: auth,
      summary: 'The event’s price categories with their sections and counts, and the venue’s sections and standing areas to assign',
      parameters: eventId,
      responses: { 200: jsonResponse('{ categories, sections }', priceCategoryListSchema), 422: invalid, ...access },
    },
    post: {
      tags,
      security: auth,
      summary:
        'Add a price category selling `sectionIds` (sections of its kind of the event’s venue; a section moves from the category that sold it) or, standing without areas, `capacity` places. Its units are made in the same transaction',
      parameters: eventId,
      requestBody: jsonBody(createPriceCategorySchema),
      responses: {
        201: jsonResponse('{ category }', priceCategoryAnswerSchema),
        ...writeAccess,
        409: errorResponse(`${unitsTaken}, or a cancelled event (EVENT_CANCELLED)`),
        415: notJson,
        422: errorResponse('Invalid input (VALIDATION), a section not of the venue (SECTION_NOT_IN_VENUE) or of the other kind (SECTION_KIND_MISMATCH), capacity where sections decide it (CAPACITY_NOT_ALLOWED)'),
      },
    },
  },
  '/api/v1/organiser/events/{eventId}/price-categories/{categoryId}': {
    patch: {
      tags,
      security: auth,
      summary: 'Change a category. A new price applies to future sales only (tickets and carts keep theirs); sections that leave it take their units',
      parameters: categoryId,
      requestBody: jsonBody(updatePriceCategorySchema),
      responses: {
        200: jsonResponse('{ category }', priceCategoryAnswerSchema),
        ...writeAccess,
        404: errorResponse('The event or the category is not the caller’s organisation’s (NOT_FOUND)'),
        409: errorResponse(`${unitsTaken}, or a cancelled event (EVENT_CANCELLED)`),
        415: notJson,
        422: errorResponse('Invalid input (VALIDATION), SECTION_NOT_IN_VENUE, SECTION_KIND_MISMATCH, CAPACITY_NOT_ALLOWED'),
      },
    },
    delete: {
      tags,
      security: auth,
      summary: 'Delete a category and its units; refused while tickets of it are sold or in carts (CATEGORY_SOLD) or orders or codes name it (CATEGORY_IN_USE)',
      parameters: categoryId,
      responses: {
        200: jsonResponse('{ ok }', okSchema),
        ...writeAccess,
        404: errorResponse('The event or the category is not the caller’s organisation’s (NOT_FOUND)'),
        409: errorResponse('CATEGORY_SOLD, CATEGORY_IN_USE, EVENT_CANCELLED'),
      },
    },
  },
};
