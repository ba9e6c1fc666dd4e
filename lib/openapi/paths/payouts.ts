// Resale payouts in the OpenAPI document: the seller's bank account, and the payout runs of Tribuna's
// admins (lib/server/payouts). GET /api/v1/payouts (the seller's ledger) is in ./tickets.
import {
  bankAccountResultSchema,
  bankAccountSchema,
  payoutRunChangeSchema,
  payoutRunCreateSchema,
  payoutRunResultSchema,
  payoutRunsOverviewSchema,
  runIdParamSchema,
} from '@/lib/schemas/payouts';
import { errorResponse, jsonBody, jsonResponse, parametersOf, type ApiPaths } from '../builder';
import { auth, crossSite, invalid, notJson, tooMany, unauthorized } from './common';

const notAdmin = errorResponse('The caller is not a Tribuna admin (users.is_admin), or no such run: answered as if nothing were there (NOT_FOUND)');
const runId = parametersOf(runIdParamSchema, 'path');

export const payoutPaths: ApiPaths = {
  '/api/v1/payouts/bank-account': {
    get: {
      tags: ['payouts'],
      security: auth,
      summary: "The caller's bank account for resale payouts, or null. The IBAN is always masked (\"SK31 •••• •••• 4567\"), never whole",
      responses: { 200: jsonResponse('{ bankAccount }', bankAccountResultSchema), 401: unauthorized },
    },
    put: {
      tags: ['payouts'],
      security: auth,
      summary:
        'Add or replace the bank account resale payouts go to. The IBAN may be typed with spaces; it is checked (country, length, check digits) and stored in the electronic format. Holder name 2–70 characters (the SEPA limit); BIC optional. Limited to 20 changes per 10 minutes',
      requestBody: jsonBody(bankAccountSchema),
      responses: {
        200: jsonResponse('The account as stored, IBAN masked', bankAccountResultSchema),
        401: unauthorized,
        403: crossSite,
        415: notJson,
        422: errorResponse('Invalid input (VALIDATION), one entry per field: a wrong IBAN is field `iban` with a translated message'),
        429: tooMany,
      },
    },
    delete: {
      tags: ['payouts'],
      security: auth,
      summary: 'Remove the bank account: due payouts wait until a new one is added. Payouts already in a prepared run keep the account their file names',
      responses: { 200: jsonResponse('{ bankAccount: null }', bankAccountResultSchema), 401: unauthorized, 403: crossSite, 429: tooMany },
    },
  },
  '/api/v1/admin/payout-runs': {
    get: {
      tags: ['payouts'],
      security: auth,
      summary: 'Tribuna admins: per currency, the payouts due now (count, total) and those waiting only for a bank account; the latest 100 runs, newest first',
      responses: { 200: jsonResponse('{ due, runs }', payoutRunsOverviewSchema), 401: unauthorized, 404: notAdmin },
    },
    post: {
      tags: ['payouts'],
      security: auth,
      summary:
        "Tribuna admins: prepare a run — every due payout of the currency whose seller has a bank account goes into one pain.001 credit-transfer file (EUR: pain.001.001.09 SEPA; CZK: pain.001.001.03, Czech domestic), one transfer per payout, end-to-end id the payout's id without dashes. Two runs prepared at once never share a payout",
      requestBody: jsonBody(payoutRunCreateSchema),
      responses: {
        201: jsonResponse('{ run }: the new run, prepared', payoutRunResultSchema),
        401: unauthorized,
        403: crossSite,
        404: notAdmin,
        409: errorResponse('Nothing of that currency is due (NOTHING_DUE): no run is made; or a deployment without Tribuna’s own account PAYOUT_DEBTOR_IBAN[_CZK] and PAYOUT_DEBTOR_NAME (PAYOUT_DEBTOR_MISSING)'),
        415: notJson,
        422: invalid,
      },
    },
  },
  '/api/v1/admin/payout-runs/{runId}/confirm': {
    post: {
      tags: ['payouts'],
      security: auth,
      summary: 'Tribuna admins: the bank executed the run’s file — its payouts are paid (paid_at now), exactly once. Confirming a confirmed run changes nothing and answers changed: false. No body',
      parameters: runId,
      responses: {
        200: jsonResponse('{ run, changed }', payoutRunChangeSchema),
        401: unauthorized,
        403: crossSite,
        404: notAdmin,
        409: errorResponse('The run was cancelled (RUN_CANCELLED)'),
      },
    },
  },
  '/api/v1/admin/payout-runs/{runId}/cancel': {
    post: {
      tags: ['payouts'],
      security: auth,
      summary: 'Tribuna admins: the run’s file was not sent — its payouts are free for the next run. Cancelling a cancelled run answers changed: false. No body',
      parameters: runId,
      responses: {
        200: jsonResponse('{ run, changed }', payoutRunChangeSchema),
        401: unauthorized,
        403: crossSite,
        404: notAdmin,
        409: errorResponse('The run was confirmed: its payouts are paid (RUN_CONFIRMED)'),
      },
    },
  },
  '/api/v1/admin/payout-runs/{runId}/file': {
    get: {
      tags: ['payouts'],
      security: auth,
      summary: 'Tribuna admins: the run’s pain.001 file (Content-Disposition: attachment) to hand to the bank',
      parameters: runId,
      responses: {
        200: { description: 'The pain.001 XML', content: { 'application/xml': { schema: { type: 'string' } } } },
        401: unauthorized,
        404: notAdmin,
      },
    },
  },
};
