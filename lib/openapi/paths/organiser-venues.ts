// The organiser's venues and seating in the OpenAPI document: venues, the layout JSON, the editor's
// section calls, and marking wheelchair places and companion seats.
import { organisationQuerySchema, venueIdParamSchema } from '@/lib/schemas/organiser';
import {
  accessibleSeatMarkResultSchema,
  accessibleSeatMarkSchema,
  createSectionSchema,
  createVenueSchema,
  layoutChangeSchema,
  sectionParamsSchema,
  updateSectionSchema,
  updateVenueSchema,
  venueDetailSchema,
  venueLayoutSchema,
  venueAccessibleSeatsSchema,
  venueListSchema,
} from '@/lib/schemas/organiser-venues';
import { okSchema } from '@/lib/schemas/primitives';
import { z } from 'zod';
import { errorResponse, jsonBody, jsonResponse, parametersOf, type ApiPaths } from '../builder';
import { auth, invalid, notJson, unauthorized } from './common';
import { orgNotFound, roleForbidden } from './organiser';

const venueId = parametersOf(venueIdParamSchema, 'path');
const sectionParams = parametersOf(sectionParamsSchema, 'path');
const tags = ['organiser: venues'];
const denied = { 401: unauthorized, 403: roleForbidden, 404: orgNotFound };
const write = { ...denied, 403: errorResponse('ROLE_FORBIDDEN, or CROSS_SITE / XSRF for a cookie-authenticated change'), 415: notJson };
const unitsTaken = errorResponse('UNITS_TAKEN: the change would take away {taken} seats or places fans have (sold, or in a live cart) at the venue’s coming events; nothing changed');
const layoutInvalid = errorResponse(
  'VALIDATION (the body’s fields), LAYOUT_JSON_SYNTAX (the file is not JSON: its line and column), or LAYOUT_INVALID (one entry per problem: field = its path such as sections[2].rows[0].seats[5].x, message with the line of the file)',
);

export const organiserVenuePaths: ApiPaths = {
  '/api/v1/organiser/venues': {
    get: {
      tags,
      security: auth,
      summary: 'The organisation’s venues with their sections, seats, standing places and events',
      parameters: parametersOf(organisationQuerySchema, 'query'),
      responses: { 200: jsonResponse('{ venues }', venueListSchema), 422: invalid, ...denied },
    },
    post: {
      tags,
      security: auth,
      summary: 'Create a venue (owner or manager); its layout comes next (PUT …/layout or the section calls)',
      requestBody: jsonBody(createVenueSchema),
      responses: { 201: jsonResponse('{ id }', z.object({ id: z.string() })), 422: invalid, ...write },
    },
  },
  '/api/v1/organiser/venues/{venueId}': {
    get: {
      tags,
      security: auth,
      summary: 'The venue: details, sections with ids and sold counts, and the whole layout in the layout JSON format',
      parameters: venueId,
      responses: { 200: jsonResponse('The venue', venueDetailSchema), ...denied },
    },
    patch: {
      tags,
      security: auth,
      summary: 'Change the venue’s details, map size or outline (the pitch, rink or stage drawn under the seats)',
      parameters: venueId,
      requestBody: jsonBody(updateVenueSchema),
      responses: { 200: jsonResponse('Saved', okSchema), 422: invalid, ...write },
    },
  },
  '/api/v1/organiser/venues/{venueId}/layout': {
    put: {
      tags,
      security: auth,
      summary:
        'Replace the whole layout from the layout JSON (README "Venue layout JSON"; up to 8 MB). Seats are matched by section code + row label + seat label and keep their ids and sales; seats sold or in live carts at coming events cannot go (409); a removed seat an order names is kept hidden and off sale',
      parameters: venueId,
      requestBody: jsonBody(venueLayoutSchema, 'The layout JSON, as the text of the file'),
      responses: { 200: jsonResponse('What changed', layoutChangeSchema), 409: unitsTaken, 422: layoutInvalid, ...write },
    },
  },
  '/api/v1/organiser/venues/{venueId}/sections': {
    post: {
      tags,
      security: auth,
      summary: 'Add a section: R rows × S seats whose positions the server makes (straight, offset or curved), or a standing area with its capacity',
      parameters: venueId,
      requestBody: jsonBody(createSectionSchema),
      responses: {
        201: jsonResponse('The new section and what changed', layoutChangeSchema.extend({ sectionId: z.string() })),
        409: errorResponse('SECTION_CODE_TAKEN'),
        422: layoutInvalid,
        ...write,
      },
    },
  },
  '/api/v1/organiser/venues/{venueId}/sections/{sectionId}': {
    patch: {
      tags,
      security: auth,
      summary: 'Rename a section (code or names; seats keep their ids), move it, or change a standing area’s capacity',
      parameters: sectionParams,
      requestBody: jsonBody(updateSectionSchema),
      responses: { 200: jsonResponse('What changed', layoutChangeSchema), 409: errorResponse('SECTION_CODE_TAKEN, or UNITS_TAKEN (a capacity below what fans have)'), 422: layoutInvalid, ...write },
    },
    delete: {
      tags,
      security: auth,
      summary: 'Delete a section: only when none of its seats or places is sold or in a live cart at a coming event',
      parameters: sectionParams,
      responses: { 200: jsonResponse('What changed', layoutChangeSchema), 409: unitsTaken, ...write },
    },
  },
  '/api/v1/organiser/venues/{venueId}/accessible-seats': {
    get: {
      tags,
      security: auth,
      summary: 'The venue’s seats by section and row, each with its mark: wheelchair place, companion seat or none',
      parameters: venueId,
      responses: { 200: jsonResponse('The seats with their marks, and how many of each', venueAccessibleSeatsSchema), ...denied },
    },
    put: {
      tags,
      security: auth,
      summary:
        'Mark seats as wheelchair places or companion seats (held back from general sale at every event of the venue: only a ZŤP / ZŤP-S hold takes them), or clear the mark (kind null). Seats already sold or in a live cart stay their fans’ (counted in taken)',
      parameters: venueId,
      requestBody: jsonBody(accessibleSeatMarkSchema),
      responses: {
        200: jsonResponse('How many marks changed, and how many of the seats fans already have', accessibleSeatMarkResultSchema),
        422: errorResponse('VALIDATION, or SEATS_NOT_IN_VENUE: a seat that is not one of this venue’s (nothing changed)'),
        ...write,
      },
    },
  },
};
