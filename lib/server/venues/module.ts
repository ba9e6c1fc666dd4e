import 'server-only';
// The organiser's venues over the API: the venues themselves, their layout (the JSON file, or the
// editor's section calls) and the seats marked as wheelchair places and companion seats. Blocking seats
// per event is the event's (lib/server/events/seat-blocks.ts).
import { venueLayoutSchema } from '@/lib/schemas/organiser-venues';
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
  venueAccessibleSeatsSchema,
  venueDetailSchema,
  venueListSchema,
} from '@/lib/schemas/organiser-venues';
import { okSchema } from '@/lib/schemas/primitives';
import { z } from 'zod';
import { requestText } from '@/lib/server/api/body';
import { defineModule, operation } from '@/lib/server/api/operation';
import { isJsonContentType } from '@/lib/server/api/request-guards';
import { ApiError, failureOf, parseWith } from '@/lib/server/api/respond';
import { markAccessibleSeats, venueAccessibleSeats } from './accessible-seats';
import { addSection, deleteSection, replaceLayout, updateSection } from './layout';
import { layoutFailure } from './layout-answers';
import { createVenue, getVenue, listVenues, updateVenue } from './venues';

/** Owners and managers of the organisation whose venue the path names. */
const venueEvents = { capability: 'events', owner: 'venue', param: 'venueId' } as const;

export default defineModule({
  name: 'venues',
  operations: [
    operation({
      method: 'get',
      path: '/api/v1/organiser/venues',
      summary: 'The organisation’s venues with their sections, seats, standing places and events',
      access: { capability: 'events', owner: 'organisation', query: 'organisation' },
      query: organisationQuerySchema,
      answer: venueListSchema,
      failures: [],
      handle: async ({ query, caller }) => {
        const result = await listVenues(caller.user.id, query.organisation);
        if (!result.ok) throw failureOf(result);
        return { venues: result.venues };
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/organiser/venues',
      summary: 'Create a venue (owner or manager of the organisation the body names); its layout comes next (PUT …/layout or the section calls)',
      // The organisation is named in the body: createVenue decides the caller's `events` capability in it.
      access: 'signed-in',
      body: createVenueSchema,
      answer: z.object({ id: z.string() }),
      status: 201,
      failures: ['ORG_NOT_FOUND', 'ROLE_FORBIDDEN'],
      handle: async ({ body, caller }) => {
        const result = await createVenue(caller.user.id, body);
        if (!result.ok) throw failureOf(result);
        return { id: result.id };
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/organiser/venues/{venueId}',
      summary: 'The venue: details, sections with ids and sold counts, and the whole layout in the layout JSON format',
      access: venueEvents,
      answer: venueDetailSchema,
      failures: [],
      handle: async ({ params, caller }) => {
        const { venueId } = parseWith(venueIdParamSchema, params);
        const result = await getVenue(caller.user.id, venueId);
        if (!result.ok) throw failureOf(result);
        return result.venue;
      },
    }),
    operation({
      method: 'patch',
      path: '/api/v1/organiser/venues/{venueId}',
      summary: 'Change the venue’s details, map size or outline (the pitch, rink or stage drawn under the seats)',
      access: venueEvents,
      body: updateVenueSchema,
      answer: okSchema,
      failures: [],
      handle: async ({ params, body, caller }) => {
        const { venueId } = parseWith(venueIdParamSchema, params);
        const result = await updateVenue(caller.user.id, venueId, body);
        if (!result.ok) throw failureOf(result);
        return result;
      },
    }),
    operation({
      method: 'put',
      path: '/api/v1/organiser/venues/{venueId}/layout',
      summary:
        'Replace the whole layout from the layout JSON (README "Venue layout JSON"; up to 8 MB). Seats are matched by section code + row label + seat label and keep their ids and sales; seats sold or in live carts at coming events cannot go (409); a removed seat an order names is kept hidden and off sale',
      description:
        'The body is the layout JSON (Content-Type: application/json), read as the text of the file: a syntax error is answered with its line and column (LAYOUT_JSON_SYNTAX), each problem of the layout with its path and line (LAYOUT_INVALID).',
      access: venueEvents,
      // The handler reads the text itself, not JSON.parse's value, so that a wrong line of the file is answered with its number.
      body: { type: 'application/json', description: 'The layout JSON, read as the text of the file', schema: venueLayoutSchema },
      answer: layoutChangeSchema,
      failures: ['UNSUPPORTED_MEDIA_TYPE', 'UNITS_TAKEN', 'LAYOUT_JSON_SYNTAX', 'LAYOUT_INVALID'],
      handle: async ({ request, params, caller }) => {
        const { venueId } = parseWith(venueIdParamSchema, params);
        if (!isJsonContentType(request.headers.get('content-type') ?? '')) throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
        const result = await replaceLayout(caller.user.id, venueId, await requestText(request));
        if (!result.ok) throw layoutFailure(request, result);
        return result;
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/organiser/venues/{venueId}/sections',
      summary: 'Add a section: R rows × S seats whose positions the server makes (straight, offset or curved), or a standing area with its capacity',
      access: venueEvents,
      body: createSectionSchema,
      answer: layoutChangeSchema.extend({ sectionId: z.string() }),
      status: 201,
      failures: ['SECTION_CODE_TAKEN', 'LAYOUT_INVALID'],
      handle: async ({ request, params, body, caller }) => {
        const { venueId } = parseWith(venueIdParamSchema, params);
        const result = await addSection(caller.user.id, venueId, body);
        if (!result.ok) throw layoutFailure(request, result);
        return result;
      },
    }),
    operation({
      method: 'patch',
      path: '/api/v1/organiser/venues/{venueId}/sections/{sectionId}',
      summary: 'Rename a section (code or names; seats keep their ids), move it, or change a standing area’s capacity',
      access: venueEvents,
      body: updateSectionSchema,
      answer: layoutChangeSchema,
      failures: ['SECTION_NOT_FOUND', 'SECTION_CODE_TAKEN', 'UNITS_TAKEN', 'LAYOUT_INVALID'],
      handle: async ({ request, params, body, caller }) => {
        const { venueId, sectionId } = parseWith(sectionParamsSchema, params);
        const result = await updateSection(caller.user.id, venueId, sectionId, body);
        if (!result.ok) throw layoutFailure(request, result);
        return result;
      },
    }),
    operation({
      method: 'delete',
      path: '/api/v1/organiser/venues/{venueId}/sections/{sectionId}',
      summary: 'Delete a section: only when none of its seats or places is sold or in a live cart at a coming event',
      access: venueEvents,
      answer: layoutChangeSchema,
      failures: ['VALIDATION', 'SECTION_NOT_FOUND', 'UNITS_TAKEN', 'LAYOUT_INVALID'],
      handle: async ({ request, params, caller }) => {
        const { venueId, sectionId } = parseWith(sectionParamsSchema, params);
        const result = await deleteSection(caller.user.id, venueId, sectionId);
        if (!result.ok) throw layoutFailure(request, result);
        return result;
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/organiser/venues/{venueId}/accessible-seats',
      summary: 'The venue’s seats by section and row, each with its mark: wheelchair place, companion seat or none',
      access: venueEvents,
      answer: venueAccessibleSeatsSchema,
      failures: [],
      handle: async ({ params, caller }) => {
        const { venueId } = parseWith(venueIdParamSchema, params);
        const result = await venueAccessibleSeats(caller.user.id, venueId);
        if (!result.ok) throw failureOf(result);
        return result.seats;
      },
    }),
    operation({
      method: 'put',
      path: '/api/v1/organiser/venues/{venueId}/accessible-seats',
      summary:
        'Mark seats as wheelchair places or companion seats (held back from general sale at every event of the venue: only a ZŤP / ZŤP-S hold takes them), or clear the mark (kind null). Seats already sold or in a live cart stay their fans’ (counted in taken)',
      access: venueEvents,
      body: accessibleSeatMarkSchema,
      answer: accessibleSeatMarkResultSchema,
      failures: ['SEATS_NOT_IN_VENUE'],
      handle: async ({ params, body, caller }) => {
        const { venueId } = parseWith(venueIdParamSchema, params);
        const result = await markAccessibleSeats(caller.user.id, venueId, body);
        if (!result.ok) throw failureOf(result);
        return result;
      },
    }),
  ],
});
