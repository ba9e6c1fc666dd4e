// Packages in the OpenAPI document: the organiser's packages and the fan's packages on an event page and in its cart.
import { cartSchema } from '@/lib/schemas/cart';
import { organisationQuerySchema } from '@/lib/schemas/organiser';
import { okSchema } from '@/lib/schemas/primitives';
import {
  eventPackagesSchema,
  organiserPackageAnswerSchema,
  organiserPackageListSchema,
  packageAddSchema,
  packageCreateSchema,
  packageIdParamSchema,
  packagePatchSchema,
} from '@/lib/schemas/packages';
import { z } from 'zod';
import { errorResponse, jsonBody, jsonResponse, parametersOf, type ApiPaths } from '../builder';
import { auth, crossSite, invalid, notJson, unauthorized } from './common';
import { orgNotFound, roleForbidden } from './organiser';

const packageId = parametersOf(packageIdParamSchema, 'path');
const eventId = parametersOf(z.object({ id: z.string().describe('event id or slug') }), 'path');
const forbidden = errorResponse('The caller’s role does not allow this (ROLE_FORBIDDEN), or a cross-site browser write (CROSS_SITE)');
const notFound = errorResponse('No such package, or another organisation’s (PACKAGE_NOT_FOUND, ORG_NOT_FOUND)');
const contentsInvalid = errorResponse(
  'Invalid input (VALIDATION), a line of another organisation’s or a cancelled event, a category of another event or twice, contents changed after a sale (PACKAGE_CONTENTS_INVALID), events in two currencies (PACKAGE_CURRENCY_MIXED)',
);

export const packagePaths: ApiPaths = {
  '/api/v1/organiser/packages': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary: 'The organisation’s packages (contents, price, how many, how many taken) and its events with their price categories, which a package can hold (owner, manager)',
      parameters: parametersOf(organisationQuerySchema, 'query'),
      responses: { 200: jsonResponse('{ packages, events }', organiserPackageListSchema), 401: unauthorized, 403: roleForbidden, 404: orgNotFound, 422: invalid },
    },
    post: {
      tags: ['organiser'],
      security: auth,
      summary:
        'Create a package: tickets of one event (a family ticket: seated lines are seats together; a VIP add-on) or of several (a festival pass: a line per day), sold as one at one price, `quantity` of them (owner, manager)',
      requestBody: jsonBody(packageCreateSchema),
      responses: { 201: jsonResponse('{ package }', organiserPackageAnswerSchema), 401: unauthorized, 403: forbidden, 404: orgNotFound, 415: notJson, 422: contentsInvalid },
    },
  },
  '/api/v1/organiser/packages/{packageId}': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary: 'One package; another organisation’s is 404 (owner, manager)',
      parameters: packageId,
      responses: { 200: jsonResponse('{ package }', organiserPackageAnswerSchema), 401: unauthorized, 403: roleForbidden, 404: notFound },
    },
    patch: {
      tags: ['organiser'],
      security: auth,
      summary: 'Change a package; only what is sent changes. Its contents change only while none is paid or in a cart (owner, manager)',
      parameters: packageId,
      requestBody: jsonBody(packagePatchSchema),
      responses: { 200: jsonResponse('{ package }', organiserPackageAnswerSchema), 401: unauthorized, 403: forbidden, 404: notFound, 415: notJson, 422: contentsInvalid },
    },
    delete: {
      tags: ['organiser'],
      security: auth,
      summary: 'Remove a package no fan ever had in a cart; one that sold can only be taken off sale (owner, manager)',
      parameters: packageId,
      responses: { 200: jsonResponse('{ ok: true }', okSchema), 401: unauthorized, 403: forbidden, 404: notFound, 409: errorResponse('A fan had it in a cart or bought it (PACKAGE_IN_USE)') },
    },
  },
  '/api/v1/events/{id}/packages': {
    get: {
      tags: ['events'],
      summary: 'The packages on sale on the event’s page (those holding any of its tickets): price, face value of its tickets, contents, how many are left',
      parameters: eventId,
      responses: { 200: jsonResponse('{ packages }', eventPackagesSchema), 404: errorResponse('No such event (NOT_FOUND)') },
    },
  },
  '/api/v1/events/{id}/cart/packages': {
    post: {
      tags: ['cart'],
      security: auth,
      summary:
        'Hold a package in the caller’s cart for the event, all or nothing: its seated lines take the fan’s seatIds (seats together of each line’s category), else the best free seats together (the seat map’s rule); never a part of a package. The cart shows it as one line at the package price; checkout issues a ticket per seat or place',
      parameters: eventId,
      requestBody: jsonBody(packageAddSchema),
      responses: {
        200: jsonResponse('The cart now', cartSchema),
        401: unauthorized,
        403: crossSite,
        404: errorResponse('No such event or package on its page (EVENT_NOT_FOUND, PACKAGE_NOT_FOUND)'),
        409: errorResponse(
          'Not on sale (NOT_ON_SALE), none left (SOLD_OUT), no seats together left (PACKAGE_NO_SEATS_TOGETHER), the fan’s seats taken (SEAT_TAKEN), over a limit (LIMIT_PER_ORDER, LIMIT_PER_USER), kept for the waiting list (WAITING_LIST_RESERVED)',
        ),
        415: notJson,
        422: errorResponse(
          'Invalid input (VALIDATION); the fan’s seatIds do not fit the package, the message says why: not seats of this event or of a line at another event (PACKAGE_SEATS_INVALID), a seat of a category the package has no line of (PACKAGE_SEATS_CATEGORY), not as many of a category as its line has tickets (PACKAGE_SEATS_COUNT), a line’s seats not next to each other in one row (PACKAGE_SEATS_APART). Nothing is held',
        ),
      },
    },
  },
};
