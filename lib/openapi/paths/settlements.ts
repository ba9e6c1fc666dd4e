// The organiser's settlement in the OpenAPI document (lib/server/reports/settlement.ts).
import { settlementQuerySchema, settlementSchema } from '@/lib/schemas/settlements';
import { jsonResponse, parametersOf, type ApiPaths } from '../builder';
import { auth, invalid, unauthorized } from './common';
import { orgNotFound, roleForbidden } from './organiser';

const query = parametersOf(settlementQuerySchema, 'query');
const period =
  '`from` and `to` are days (YYYY-MM-DD) in Europe/Bratislava, `to` included: sales count by when they were paid, refunds by when they were queued, in [from 00:00, the day after `to` 00:00) there';

export const settlementPaths: ApiPaths = {
  '/api/v1/organiser/settlements': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary: `What Tribuna owes the organisation for its events over a period, per currency: per event and in total, primary sales, coupon discounts, refunds, net primary sales, the service fees (Tribuna's), resale fees and the organiser's share of them, and what is owed (net primary sales + share). ${period}. Events with nothing in the period have no line; with \`event\`, only that event. Owner only (a manager is 403); an event of another organisation is 404`,
      parameters: query,
      responses: { 200: jsonResponse('The statement, amounts in minor units', settlementSchema), 401: unauthorized, 403: roleForbidden, 404: orgNotFound, 422: invalid },
    },
  },
  '/api/v1/organiser/settlements.csv': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary: `The same statement as a CSV download (UTF-8 with BOM; translated header: event, date, currency, primary tickets, primary sales, discounts, refunds, net primary sales, service fees, resale tickets, resale fees, organiser's share, owed): a row per event, then a total row per currency; amounts in major units with a dot (12.50). ${period}. Owner only`,
      parameters: query,
      responses: {
        200: { description: 'The CSV file (Content-Disposition: attachment)', content: { 'text/csv': { schema: { type: 'string' } } } },
        401: unauthorized,
        403: roleForbidden,
        404: orgNotFound,
        422: invalid,
      },
    },
  },
};
