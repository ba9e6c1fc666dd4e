// The organiser's live on-sale view and the event's CSV exports in the OpenAPI document.
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import { exportParamsSchema, exportQuerySchema, liveViewSchema } from '@/lib/schemas/reports-live';
import { jsonResponse, parametersOf, type ApiPaths } from '../builder';
import { auth, invalid, unauthorized } from './common';
import { orgNotFound, roleForbidden } from './organiser';

export const reportsLivePaths: ApiPaths = {
  '/api/v1/organiser/events/{eventId}/live': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary:
        'The live on-sale view (owner, manager): tickets in fans’ carts right now (seats and places, resale offers), tickets sold in the last minute, sold and capacity per price category and which are sold out. One read answers every caller of the event for up to 2 s; poll every few seconds',
      parameters: parametersOf(eventIdParamSchema, 'path'),
      responses: { 200: jsonResponse('The live figures', liveViewSchema), 401: unauthorized, 403: roleForbidden, 404: orgNotFound, 422: invalid },
    },
  },
  '/api/v1/organiser/events/{eventId}/exports/{file}': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary:
        'An export of the event as a CSV download (owner, manager): orders.csv, attendees.csv (tickets with holder, category, seat, status, check-in time), check-ins.csv (the scan log) or resale.csv (resale sales). UTF-8 with BOM, translated header, amounts in major units with a dot beside a currency column, times ISO 8601 in UTC; streamed in batches, so it starts at once whatever its size',
      parameters: [...parametersOf(exportParamsSchema, 'path'), ...parametersOf(exportQuerySchema, 'query')],
      responses: {
        200: { description: 'The CSV file (Content-Disposition: attachment; filename {event slug}-{kind}-{date}.csv)', content: { 'text/csv': { schema: { type: 'string' } } } },
        401: unauthorized,
        403: roleForbidden,
        404: orgNotFound,
        422: invalid,
      },
    },
  },
};
