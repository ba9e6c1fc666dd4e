// Catalogue endpoints in the OpenAPI document.
import { availabilitySchema, calendarQuerySchema, eventDetailQuerySchema, eventDetailSchema, eventIdParamSchema, eventListQuerySchema, eventListSchema } from '@/lib/schemas/events';
import { errorResponse, jsonResponse, parametersOf, type ApiPaths } from '../builder';

const idParam = parametersOf(eventIdParamSchema, 'path');

export const eventPaths: ApiPaths = {
  '/api/v1/events': {
    get: {
      tags: ['events'],
      summary: 'Published upcoming events, soonest first; with q, ranked by relevance (case and diacritics do not matter)',
      parameters: parametersOf(eventListQuerySchema, 'query'),
      responses: { 200: jsonResponse('A page of events, texts in the request language', eventListSchema), 422: errorResponse('Invalid query') },
    },
  },
  '/api/v1/events/{id}': {
    get: {
      tags: ['events'],
      summary: 'One published event (id = slug or uuid) with price categories and the seat layout summary',
      parameters: [...idParam, ...parametersOf(eventDetailQuerySchema, 'query')],
      responses: { 200: jsonResponse('The event', eventDetailSchema), 404: errorResponse('Unknown or unpublished event') },
    },
  },
  '/api/v1/events/{id}/availability': {
    get: {
      tags: ['events'],
      summary: 'Live availability: free places per category, taken seats, resale offers. Poll it; never cached',
      parameters: idParam,
      responses: { 200: jsonResponse('Availability now', availabilitySchema), 404: errorResponse('Unknown or unpublished event') },
    },
  },
  '/api/v1/events/{id}/calendar.ics': {
    get: {
      tags: ['events'],
      summary: 'The event as an iCalendar file (RFC 5545) to add to a calendar: title, summary, venue and link in the chosen language; times in UTC',
      parameters: [...idParam, ...parametersOf(calendarQuerySchema, 'query')],
      responses: {
        200: {
          description: 'The .ics file (Content-Disposition: attachment; filename {event slug}.ics), one VEVENT whose UID stays the same for the event',
          content: { 'text/calendar': { schema: { type: 'string' } } },
        },
        404: errorResponse('Unknown or unpublished event'),
        422: errorResponse('Unknown language'),
      },
    },
  },
};
