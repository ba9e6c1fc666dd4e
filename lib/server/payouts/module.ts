import 'server-only';
// Payouts over the API: the seller's bank account for resale payouts, and the payout runs of Tribuna's
// admins (a pain.001 credit-transfer file per currency, confirmed or cancelled once the bank has it).
import type { Caller } from '@/lib/server/api/authenticate';
import { defineModule, operation } from '@/lib/server/api/operation';
import { requestLocale } from '@/lib/server/api/request-locale';
import { failureOf, json, parseWith } from '@/lib/server/api/respond';
import { enforceRateLimit } from '@/lib/server/rate-limit';
import {
  bankAccountResultSchema,
  bankAccountSchema,
  organiserPayoutsQuerySchema,
  organiserPayoutsSchema,
  payoutRunChangeSchema,
  payoutRunCreateSchema,
  payoutRunResultSchema,
  payoutRunsOverviewSchema,
  runIdParamSchema,
} from '@/lib/schemas/payouts';
import { getBankAccount, removeBankAccount, setBankAccount } from './bank-account';
import { organiserPayouts, settleOrganiserPayouts } from './organisers';
import { cancelRun, confirmRun, payoutRunsOverview, prepareRun, runFile } from './runs';

/** How often a server process looks for closed periods and ended events to turn into organiser payouts. */
const SETTLE_EVERY_MS = 10 * 60_000;
let lastSettled = 0;

const privately = { headers: { 'Cache-Control': 'private, no-store' } };

/**
 * Changes of one's bank account: plenty for a person, too few for a script trying accounts. Counted per
 * account before the body is read, so an account refused by its check digits counts too.
 */
const bankAccountWrites = async (_request: Request, caller: Caller) => {
  await enforceRateLimit([{ key: `bank-account:user:${caller.user.id}`, limit: 20, windowSeconds: 600 }]);
};

export default defineModule({
  name: 'payouts',
  jobs: [
    // Closed settlement periods and ended events become organiser payouts (made once: the organisation's row lock and period key).
    {
      name: 'organiser payouts',
      order: 90,
      run: async () => {
        if (Date.now() - lastSettled < SETTLE_EVERY_MS) return false;
        lastSettled = Date.now();
        await settleOrganiserPayouts();
        return false;
      },
    },
  ],
  operations: [
    // GET /api/v1/organiser/payouts?organisation= — the organisation's payouts, newest first (owner, manager)
    operation({
      method: 'get',
      path: '/api/v1/organiser/payouts',
      summary:
        "The organisation's payouts, newest first (owner and manager; a scanner is 403, another organisation 404): one per settlement period (a calendar month in Europe/Bratislava) or per event, as the organisation's payout schedule says — primary sales net of refunds (primaryNet), Tribuna's platform fee on them (platformFee, deducted), the organisation's share of resale fees (resaleShare), owed = primaryNet − platformFee + resaleShare, the balance carried in from earlier payouts (≤ 0: a refund after a payout), amount = owed + carriedIn and its status (carried when not positive: nothing is paid and it goes on to the next payout; due; waiting for a payout account; processing in a run; paid). balances: what each currency carries into its next payout",
      access: { capability: 'payout-list', owner: 'organisation', query: 'organisation' },
      query: organiserPayoutsQuerySchema,
      answer: organiserPayoutsSchema,
      failures: [],
      handle: async ({ request, query, caller }) => {
        const result = await organiserPayouts(caller.user.id, query.organisation, requestLocale(request));
        if (!result.ok) throw failureOf(result);
        return json(result.result, privately);
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/payouts/bank-account',
      summary: "The caller's bank account for resale payouts, or null. The IBAN is always masked (\"SK31 •••• •••• 4567\"), never whole",
      access: 'signed-in',
      answer: bankAccountResultSchema,
      failures: [],
      handle: async ({ caller }) => json({ bankAccount: await getBankAccount(caller.user) }, privately),
    }),
    operation({
      method: 'put',
      path: '/api/v1/payouts/bank-account',
      summary:
        'Add or replace the bank account resale payouts go to. The IBAN may be typed with spaces; it is checked (country, length, check digits) and stored in the electronic format. Holder name 2–70 characters (the SEPA limit); BIC optional. Limited to 20 changes per 10 minutes',
      access: 'signed-in',
      before: bankAccountWrites,
      body: bankAccountSchema,
      answer: bankAccountResultSchema,
      failures: ['RATE_LIMITED'],
      handle: async ({ body, caller }) => json({ bankAccount: await setBankAccount(caller.user, body) }, privately),
    }),
    operation({
      method: 'delete',
      path: '/api/v1/payouts/bank-account',
      summary: 'Remove the bank account: due payouts wait until a new one is added. Payouts already in a prepared run keep the account their file names',
      access: 'signed-in',
      before: bankAccountWrites,
      answer: bankAccountResultSchema,
      failures: ['RATE_LIMITED'],
      handle: async ({ caller }) => {
        await removeBankAccount(caller.user);
        return json({ bankAccount: null }, privately);
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/admin/payout-runs',
      summary: 'Tribuna admins: per currency, the payouts due now (count, total) and those waiting only for a bank account; the latest 100 runs, newest first',
      access: 'admin',
      answer: payoutRunsOverviewSchema,
      failures: [],
      handle: async ({ caller }) => {
        const result = await payoutRunsOverview(caller.user);
        if (!result.ok) throw failureOf(result);
        return json({ due: result.due, runs: result.runs }, privately);
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/admin/payout-runs',
      summary:
        "Tribuna admins: prepare a run — every due payout of the currency whose seller has a bank account goes into one pain.001 credit-transfer file (EUR: pain.001.001.09 SEPA; CZK: pain.001.001.03, Czech domestic), one transfer per payout, end-to-end id the payout's id without dashes. Two runs prepared at once never share a payout. Nothing due is NOTHING_DUE (no run is made); a deployment without Tribuna’s own account PAYOUT_DEBTOR_IBAN[_CZK] and PAYOUT_DEBTOR_NAME is PAYOUT_DEBTOR_MISSING",
      access: 'admin',
      body: payoutRunCreateSchema,
      answer: payoutRunResultSchema,
      status: 201,
      failures: ['NOTHING_DUE', 'PAYOUT_DEBTOR_MISSING'],
      handle: async ({ body, caller }) => {
        const result = await prepareRun(caller.user, body.currency);
        if (!result.ok) throw failureOf(result);
        return { run: result.run };
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/admin/payout-runs/{runId}/confirm',
      summary: 'Tribuna admins: the bank executed the run’s file — its payouts are paid (paid_at now), exactly once. Confirming a confirmed run changes nothing and answers changed: false. No body',
      access: 'admin',
      answer: payoutRunChangeSchema,
      failures: ['RUN_NOT_FOUND', 'RUN_CANCELLED', 'VALIDATION'],
      handle: async ({ params, caller }) => {
        const { runId } = parseWith(runIdParamSchema, params);
        const result = await confirmRun(caller.user, runId);
        if (!result.ok) throw failureOf(result);
        return { run: result.run, changed: result.changed };
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/admin/payout-runs/{runId}/cancel',
      summary: 'Tribuna admins: the run’s file was not sent — its payouts are free for the next run. Cancelling a cancelled run answers changed: false. No body',
      access: 'admin',
      answer: payoutRunChangeSchema,
      failures: ['RUN_NOT_FOUND', 'RUN_CONFIRMED', 'VALIDATION'],
      handle: async ({ params, caller }) => {
        const { runId } = parseWith(runIdParamSchema, params);
        const result = await cancelRun(caller.user, runId);
        if (!result.ok) throw failureOf(result);
        return { run: result.run, changed: result.changed };
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/admin/payout-runs/{runId}/file',
      summary: 'Tribuna admins: the run’s pain.001 credit-transfer file (Content-Disposition: attachment) to hand to the bank',
      access: 'admin',
      answer: { type: 'application/xml', description: 'The pain.001 XML' },
      failures: ['RUN_NOT_FOUND', 'VALIDATION'],
      handle: async ({ params, caller }) => {
        const { runId } = parseWith(runIdParamSchema, params);
        const result = await runFile(caller.user, runId);
        if (!result.ok) throw failureOf(result);
        return new Response(result.xml, {
          headers: {
            'content-type': 'application/xml; charset=utf-8',
            'content-disposition': `attachment; filename="${result.filename}"`,
            'cache-control': 'private, no-store',
          },
        });
      },
    }),
  ],
});
