// Every feature's OpenAPI paths. To document your endpoints:
//   1. write lib/openapi/paths/<feature>.ts exporting `export const <feature>Paths: ApiPaths = { '/api/v1/...': { get: {...} } }`,
//      built with the helpers of ../builder (parametersOf, jsonBody, jsonResponse, errorResponse) from
//      the zod schemas in lib/schemas/<feature>.ts that your handlers parse with;
//   2. add it to the list below (one import, one entry). GET /api/v1/openapi.json picks it up.
// tests/unit/openapi-completeness.test.ts fails while a route of app/api/v1 is missing here.
import type { ApiPaths } from '../builder';
import { eventPaths } from './events';
import { organiserCancelPaths } from './organiser-cancel';
import { organiserTeamPaths } from './organiser-team';
import { organiserEventPaths } from './organiser-events';
import { organiserVenuePaths } from './organiser-venues';
import { organiserCodesPaths } from './organiser-codes';
import { ticketPaths } from './tickets';
import { payoutPaths } from './payouts';
import { resalePaths } from './resale';

export const pathModules: ApiPaths[] = [
  eventPaths,
  ticketPaths,
  // organiser: team
  organiserTeamPaths,

  // organiser: events
  organiserEventPaths,

  // organiser: venues
  organiserVenuePaths,

  // organiser: codes and resale
  organiserCodesPaths,

  // organiser: cancellation
  organiserCancelPaths,

  // payouts: bank accounts and runs
  payoutPaths,

  // resale buying and order history
  resalePaths,

  // releasing a season match for credit, the wallet
];
