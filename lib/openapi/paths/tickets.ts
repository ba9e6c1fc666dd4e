// Ticket endpoints (Your tickets, gifts, resale, redeem, gate scanning, payouts) in the OpenAPI document.
import { okSchema } from '@/lib/schemas/primitives';
import {
  giftResultSchema,
  giftSchema,
  listingResultSchema,
  listingSchema,
  myTicketsSchema,
  offlineDatasetSchema,
  offlineEventParamSchema,
  payoutsSchema,
  redeemResultSchema,
  redeemSchema,
  scannerEventsSchema,
  scanResultSchema,
  scanSchema,
  scanSyncSchema,
  syncResultsSchema,
  ticketIdParamSchema,
} from '@/lib/schemas/tickets';
import { errorResponse, jsonBody, jsonResponse, parametersOf, type ApiPaths } from '../builder';
import { auth, crossSite, invalid, notJson, tooMany, unauthorized } from './common';

const ticketId = parametersOf(ticketIdParamSchema, 'path');
const notAScanner = errorResponse('Not a scanner of this event (NOT_A_SCANNER)');

export const ticketPaths: ApiPaths = {
  '/api/v1/tickets': {
    get: {
      tags: ['tickets'],
      security: auth,
      summary: "The caller's tickets with each valid ticket's signing key (an Ed25519 private key: sign the rotating TRB2 codes on the device), and season schedules",
      responses: { 200: jsonResponse('{ tickets, seasons }', myTicketsSchema), 401: unauthorized },
    },
  },
  '/api/v1/tickets/redeem': {
    post: {
      tags: ['tickets'],
      security: auth,
      summary: 'Claim the ticket(s) of a redeem code; single use, rate-limited',
      requestBody: jsonBody(redeemSchema),
      responses: {
        201: jsonResponse('The tickets it granted', redeemResultSchema),
        401: unauthorized,
        403: crossSite,
        409: errorResponse('No places left (SOLD_OUT)'),
        415: notJson,
        422: errorResponse('Invalid redeem code (INVALID_REDEEM_CODE)'),
        429: tooMany,
      },
    },
  },
  '/api/v1/tickets/{id}/gift': {
    post: {
      tags: ['tickets'],
      security: auth,
      summary: 'Send a ticket by email: a registered fan gets it at once (new secret and version), an unknown email an invitation',
      parameters: ticketId,
      requestBody: jsonBody(giftSchema),
      responses: {
        201: jsonResponse('Claimed at once, or waiting for the recipient', giftResultSchema),
        401: unauthorized,
        403: crossSite,
        404: errorResponse('Not your ticket (NOT_FOUND)'),
        409: errorResponse('Listed, used, transfer disabled, event started or a gift pending'),
        415: notJson,
        422: errorResponse('Invalid email, or yourself (GIFT_TO_SELF)'),
      },
    },
    delete: {
      tags: ['tickets'],
      security: auth,
      summary: 'Cancel a gift nobody has claimed yet',
      parameters: ticketId,
      responses: { 200: jsonResponse('{ ok }', okSchema), 401: unauthorized, 403: crossSite, 404: errorResponse('No pending gift of yours (NOT_FOUND)') },
    },
  },
  '/api/v1/tickets/{id}/listing': {
    post: {
      tags: ['resale'],
      security: auth,
      summary: "Offer a ticket for resale at a price (minor units) within the organiser's cap and window",
      parameters: ticketId,
      requestBody: jsonBody(listingSchema),
      responses: {
        201: jsonResponse('The listing', listingResultSchema),
        401: unauthorized,
        403: crossSite,
        404: errorResponse('Not your ticket (NOT_FOUND)'),
        409: errorResponse('Resale off, window closed, already listed'),
        415: notJson,
        422: errorResponse('Price over the cap (PRICE_OVER_CAP; the cap is in the message)'),
      },
    },
    delete: {
      tags: ['resale'],
      security: auth,
      summary: 'Withdraw an unsold listing (not while a buyer holds it)',
      parameters: ticketId,
      responses: {
        200: jsonResponse('{ ok }', okSchema),
        401: unauthorized,
        403: crossSite,
        404: errorResponse('No active listing of yours (NOT_FOUND)'),
        409: errorResponse('A buyer is paying for it (LISTING_HELD)'),
      },
    },
  },
  '/api/v1/payouts': {
    get: {
      tags: ['resale'],
      security: auth,
      summary:
        "The caller's resale payout ledger, newest first, each with its state: waiting (the event has not taken place, or the buyer's payment is not final), due (in the next payout run; needsBankAccount when the seller has none), processing (in a run sent to the bank), paid (paidAt, paidTo masked) or cancelled",
      responses: { 200: jsonResponse('{ payouts }', payoutsSchema), 401: unauthorized },
    },
  },
  '/api/v1/scan': {
    post: {
      tags: ['scanning'],
      security: auth,
      summary:
        "Gate scan (organiser owner/manager/scanner): verify the rotating code (Ed25519 signature, ±1 step, version, event, the event's entry window, status) and check the ticket in atomically; another organiser's ticket is a bare invalid",
      requestBody: jsonBody(scanSchema),
      responses: { 200: jsonResponse('The outcome to show at the gate', scanResultSchema), 401: unauthorized, 403: errorResponse('Not a scanner (NOT_A_SCANNER)'), 415: notJson, 422: invalid },
    },
  },
  '/api/v1/scan/events': {
    get: { tags: ['scanning'], security: auth, summary: 'Events the caller may scan at', responses: { 200: jsonResponse('{ events }', scannerEventsSchema), 401: unauthorized, 403: errorResponse('Not a scanner (NOT_A_SCANNER)') } },
  },
  '/api/v1/scan/events/{id}/offline': {
    get: {
      tags: ['scanning'],
      security: auth,
      summary: "One event's verification data for offline gates: ticket ids, versions, statuses, each ticket's Ed25519 public key and the entry window (never secrets or signing keys)",
      parameters: parametersOf(offlineEventParamSchema, 'path'),
      responses: { 200: jsonResponse('The gate data', offlineDatasetSchema), 401: unauthorized, 403: notAScanner, 422: errorResponse('No event id (VALIDATION)') },
    },
  },
  '/api/v1/scan/sync': {
    post: {
      tags: ['scanning'],
      security: auth,
      summary:
        "Replay check-ins made offline, each with the code the gate scanned; answers each one in the gate's order: admitted, already_used when another gate won, not_valid when the code is missing or not a genuine code of the ticket and version drawn within one 15-s step of scannedAt, or the ticket is no longer valid — with too_early / too_late when dated outside the entry window. One transaction",
      requestBody: jsonBody(scanSyncSchema),
      responses: { 200: jsonResponse('{ results }', syncResultsSchema), 401: unauthorized, 403: notAScanner, 415: notJson, 422: invalid },
    },
  },
};
