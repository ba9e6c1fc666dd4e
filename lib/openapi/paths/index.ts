// Every feature's OpenAPI paths. To document your endpoints:
//   1. write lib/openapi/paths/<feature>.ts exporting `export const <feature>Paths: ApiPaths = { '/api/v1/...': { get: {...} } }`,
//      built with the helpers of ../builder (parametersOf, jsonBody, jsonResponse, errorResponse) from
//      the zod schemas in lib/schemas/<feature>.ts that your handlers parse with;
//   2. add it to the list below (one import, one entry). GET /api/v1/openapi.json picks it up.
// tests/unit/openapi-completeness.test.ts fails while a route of app/api/v1 is missing here.
import type { ApiPaths } from '../builder';
import { cartPaths } from './cart';
import { orderPaths } from './orders';
import { organiserPaths } from './organiser';
import { organiserCancelPaths } from './organiser-cancel';
import { organiserTeamPaths } from './organiser-team';
import { organiserVenuePaths } from './organiser-venues';
import { organiserCodesPaths } from './organiser-codes';
import { settlementPaths } from './settlements';
import { reportsLivePaths } from './reports-live';
import { ticketPaths } from './tickets';
import { payoutPaths } from './payouts';
import { reportPaths } from './reports';
import { resalePaths } from './resale';
import { seasonPaths } from './seasons';
import { notificationPaths } from './notifications';
import { waitingListPaths } from './waiting-list';
import { feedbackPaths } from './feedback';
import { namedTicketPaths } from './named-tickets';
import { loyaltyPaths } from './loyalty';
import { packagePaths } from './packages';
import { walletPaths } from './wallet';
import { concessionPaths } from './concessions';

export const pathModules: ApiPaths[] = [
  cartPaths,
  orderPaths,
  ticketPaths,
  organiserPaths,
  // organiser: team
  organiserTeamPaths,

  // organiser: venues
  organiserVenuePaths,

  // organiser: codes and resale
  organiserCodesPaths,

  // organiser: cancellation
  organiserCancelPaths,

  // reports: event report and overview
  reportPaths,

  // reports: live view and exports
  reportsLivePaths,

  // reports: settlements
  settlementPaths,

  // payouts: bank accounts and runs
  payoutPaths,

  // resale buying and order history
  resalePaths,

  // seasons and season tickets
  seasonPaths,
  // notifications: push, settings, announcements
  notificationPaths,
  // waiting list
  waitingListPaths,
  // feedback after an event
  feedbackPaths,
  // named tickets (risk matches)
  namedTicketPaths,

  // loyalty points
  loyaltyPaths,

  // packages
  packagePaths,
  // releasing a season match for credit, the wallet
  walletPaths,
  // concessions and accessible seats
  concessionPaths,
];
