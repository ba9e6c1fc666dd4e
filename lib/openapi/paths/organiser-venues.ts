// Blocking seats per event in the OpenAPI document (the venues themselves are declared by
// lib/server/venues/module.ts).
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import { eventSeatsSchema, seatBlockResultSchema, seatBlockSchema } from '@/lib/schemas/organiser-venues';
import { errorResponse, jsonBody, jsonResponse, parametersOf, type ApiPaths } from '../builder';
import { auth, invalid, notJson, unauthorized } from './common';
import { orgNotFound, roleForbidden } from './organiser';

const eventId = parametersOf(eventIdParamSchema, 'path');
const tags = ['organiser: venues'];
const denied = { 401: unauthorized, 403: roleForbidden, 404: orgNotFound };
const write = { ...denied, 403: errorResponse('ROLE_FORBIDDEN, or CROSS_SITE / XSRF for a cookie-authenticated change'), 415: notJson };

export const organiserVenuePaths: ApiPaths = {
  '/api/v1/organiser/events/{eventId}/seats': {
    get: {
      tags,
      security: auth,
      summary: 'The event’s seats with their status now: available, held (live cart), sold, blocked, unsold (not sold at this event)',
      parameters: eventId,
      responses: { 200: jsonResponse('The seats by section and row, with counts', eventSeatsSchema), ...denied },
    },
  },
  '/api/v1/organiser/events/{eventId}/seat-blocks': {
    post: {
      tags,
      security: auth,
      summary: 'Block free seats (held back from sale: press, sponsors, safety) or release blocked ones; sold seats and seats in live carts are refused and listed',
      parameters: eventId,
      requestBody: jsonBody(seatBlockSchema),
      responses: { 200: jsonResponse('How many changed, and which were refused', seatBlockResultSchema), 422: invalid, ...write },
    },
  },
};
