// Loyalty points (issue 18 item 6): the fan's ledger and the organiser's programme.
import { loyaltyProgramResultSchema, loyaltyProgramSchema, loyaltySchema } from '@/lib/schemas/loyalty';
import { orgIdParamSchema } from '@/lib/schemas/organiser';
import { errorResponse, jsonBody, jsonResponse, parametersOf, type ApiPaths } from '../builder';
import { auth, notJson, unauthorized } from './common';
import { orgNotFound, roleForbidden } from './organiser';

const program = jsonResponse('The programme, with how many fans hold points', loyaltyProgramResultSchema);

export const loyaltyPaths: ApiPaths = {
  '/api/v1/loyalty': {
    get: {
      tags: ['loyalty'],
      security: auth,
      summary: 'The caller’s loyalty points per organiser and the newest 100 ledger lines (earned at a check-in or per euro/koruna spent; taken back on a refund or a voided ticket)',
      responses: { 200: jsonResponse('Balances and ledger', loyaltySchema), 401: unauthorized },
    },
  },
  '/api/v1/organiser/organisations/{orgId}/loyalty': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary: 'The organisation’s loyalty programme (owner, manager)',
      parameters: parametersOf(orgIdParamSchema, 'path'),
      responses: { 200: program, 401: unauthorized, 403: roleForbidden, 404: orgNotFound },
    },
    put: {
      tags: ['organiser'],
      security: auth,
      summary: 'Turn the loyalty programme on or off and set the points for a check-in and per euro/koruna spent (owner, manager); points already earned stay',
      parameters: parametersOf(orgIdParamSchema, 'path'),
      requestBody: jsonBody(loyaltyProgramSchema),
      responses: { 200: program, 401: unauthorized, 403: roleForbidden, 404: orgNotFound, 415: notJson, 422: errorResponse('Points out of range (VALIDATION)') },
    },
  },
};
