// Ticket endpoints (Your tickets, gifts, resale, redeem, gate scanning, payouts) in the OpenAPI document.
import { z } from 'zod';
import { giftSchema, listingSchema, redeemSchema, scanResultSchema, scanSchema, scanSyncSchema } from '@/lib/schemas/tickets';
import { errorResponse, jsonBody, jsonResponse, type ApiPaths } from '../builder';

const ticketId = [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }];
const auth = [{ bearer: [] }, { cookie: [] }];
const unauthorized = errorResponse('No live session');

export const ticketPaths: ApiPaths = {
  '/api/v1/tickets': {
    get: {
      tags: ['tickets'],
      security: auth,
      summary: "The caller's tickets with each valid ticket's signing key (an Ed25519 private key: sign the rotating TRB2 codes on the device), and season schedules",
      responses: { 200: jsonResponse('{ tickets, seasons }'), 401: unauthorized },
    },
  },
  '/api/v1/tickets/redeem': {
    post: {
      tags: ['tickets'],
      security: auth,
      summary: 'Claim the ticket(s) of a redeem code; single use, rate-limited',
      requestBody: jsonBody(redeemSchema),
      responses: { 201: jsonResponse('{ ok, eventId, ticketIds }'), 401: unauthorized, 409: errorResponse('No places left'), 422: errorResponse('Invalid redeem code'), 429: errorResponse('Too many attempts') },
    },
  },
  '/api/v1/tickets/{id}/gift': {
    post: {
      tags: ['tickets'],
      security: auth,
      summary: 'Send a ticket by email: a registered fan gets it at once (new secret and version), an unknown email an invitation',
      parameters: ticketId,
      requestBody: jsonBody(giftSchema),
      responses: { 201: jsonResponse('{ ok, status: claimed | pending, toEmail }'), 401: unauthorized, 404: errorResponse('Not your ticket'), 409: errorResponse('Listed, used, transfer disabled, event started or a gift pending'), 422: errorResponse('Invalid email or yourself') },
    },
    delete: {
      tags: ['tickets'],
      security: auth,
      summary: 'Cancel a gift nobody has claimed yet',
      parameters: ticketId,
      responses: { 200: jsonResponse('{ ok }'), 401: unauthorized, 404: errorResponse('No pending gift of yours') },
    },
  },
  '/api/v1/tickets/{id}/listing': {
    post: {
      tags: ['resale'],
      security: auth,
      summary: "Offer a ticket for resale at a price (minor units) within the organiser's cap and window",
      parameters: ticketId,
      requestBody: jsonBody(listingSchema),
      responses: { 201: jsonResponse('{ ok, listing }'), 401: unauthorized, 404: errorResponse('Not your ticket'), 409: errorResponse('Resale off, window closed, already listed'), 422: errorResponse('Price over the cap (the cap is in the message)') },
    },
    delete: {
      tags: ['resale'],
      security: auth,
      summary: 'Withdraw an unsold listing (not while a buyer holds it)',
      parameters: ticketId,
      responses: { 200: jsonResponse('{ ok }'), 401: unauthorized, 404: errorResponse('No active listing of yours'), 409: errorResponse('A buyer is paying for it') },
    },
  },
  '/api/v1/payouts': {
    get: { tags: ['resale'], security: auth, summary: "The caller's resale payout ledger", responses: { 200: jsonResponse('{ payouts }'), 401: unauthorized } },
  },
  '/api/v1/scan': {
    post: {
      tags: ['scanning'],
      security: auth,
      summary: "Gate scan (organiser owner/staff/scanner): verify the rotating code (Ed25519 signature, ±1 step, version, event, the event's entry window, status) and check the ticket in atomically; another organiser's ticket is a bare invalid",
      requestBody: jsonBody(scanSchema),
      responses: { 200: jsonResponse('The outcome to show at the gate', scanResultSchema), 401: unauthorized, 403: errorResponse('Not a scanner') },
    },
  },
  '/api/v1/scan/events': {
    get: { tags: ['scanning'], security: auth, summary: 'Events the caller may scan at', responses: { 200: jsonResponse('{ events }'), 403: errorResponse('Not a scanner') } },
  },
  '/api/v1/scan/events/{id}/offline': {
    get: {
      tags: ['scanning'],
      security: auth,
      summary: "One event's verification data for offline gates: ticket ids, versions, statuses, each ticket's Ed25519 public key and the entry window (never secrets or signing keys)",
      parameters: [{ name: 'id', in: 'path', required: true, schema: z.toJSONSchema(z.uuid()) }],
      responses: { 200: jsonResponse('{ format, event, window, generatedAt, validUntil, tickets }'), 403: errorResponse('Not a scanner of this event') },
    },
  },
  '/api/v1/scan/sync': {
    post: {
      tags: ['scanning'],
      security: auth,
      summary:
        "Replay check-ins made offline, each with the code the gate scanned; answers each one in the gate's order: admitted, already_used when another gate won, not_valid when the code is missing or not a genuine code of the ticket and version drawn within one 15-s step of scannedAt, or the ticket is no longer valid — with too_early / too_late when dated outside the entry window. One transaction",
      requestBody: jsonBody(scanSyncSchema),
      responses: { 200: jsonResponse('{ results }'), 403: errorResponse('Not a scanner of this event') },
    },
  },
};
