import 'server-only';
// Gate scanning over the API: a gate's online scan, the events a caller may scan at, one event's data for
// checking codes offline, and replaying the check-ins made offline.
import { defineModule, operation } from '@/lib/server/api/operation';
import { metrics } from '@/lib/server/ops/metrics';
import { failureOf, json, parseWith } from '@/lib/server/api/respond';
import {
  offlineDatasetSchema,
  offlineEventParamSchema,
  scannerEventsSchema,
  scanResultSchema,
  scanSchema,
  scanSyncSchema,
  syncResultsSchema,
} from '@/lib/schemas/tickets';
import { scannerEvents } from './access';
import { offlineDataset, syncOfflineCheckIns } from './offline';
import { scanTicket } from './scan';


export default defineModule({
  name: 'scan',
  operations: [
    operation({
      method: 'post',
      path: '/api/v1/scan',
      summary:
        "Gate scan (organiser owner/manager/scanner): verify the rotating code (Ed25519 signature, ±1 step, version, event, the event's entry window, status) and check the ticket in atomically; another organiser's ticket is a bare invalid. Every outcome is an answer (200), not an error: the gate shows it big",
      // The scan's own read looks the session up and decides by the ticket's organisation: one round trip per scan.
      access: { capability: 'gate', scope: 'each-row' },
      body: scanSchema,
      answer: scanResultSchema,
      failures: ['NOT_A_SCANNER', 'UNAUTHENTICATED'],
      // Most of a match's traffic at its gates: the production server answers it without Next.
      hot: true,
      handle: async ({ body, sessionToken }) => {
        const result = await scanTicket({ sessionToken }, body);
        metrics().scans.inc({ result: 'ok' in result ? result.code : result.result });
        if ('ok' in result) throw failureOf(result);
        return result;
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/scan/events',
      summary: 'Events the caller may scan at (a member of no organisation is 403 NOT_A_SCANNER)',
      // A signed-in non-member is NOT_A_SCANNER here (scannerEvents decides with the access table).
      access: 'signed-in',
      answer: scannerEventsSchema,
      failures: ['NOT_A_SCANNER'],
      handle: async ({ caller }) => {
        const access = await scannerEvents(caller.user.id);
        if (!access.ok) throw failureOf(access);
        return { events: access.events };
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/scan/events/{id}/offline',
      summary:
        "One event's verification data for offline gates: ticket ids, versions, statuses, each ticket's Ed25519 public key and the entry window (never secrets or signing keys). Not a member of the event's organisation (or no such event): 403 NOT_A_SCANNER",
      // Not { owner: 'event' }: a non-member (and an unknown event) is 403 NOT_A_SCANNER, not 404 ORG_NOT_FOUND.
      access: 'signed-in',
      answer: offlineDatasetSchema,
      failures: ['NOT_A_SCANNER', 'VALIDATION'],
      handle: async ({ params, caller }) => {
        const offline = await offlineDataset(caller.user, parseWith(offlineEventParamSchema.shape.id, params.id));
        if (!offline.ok) throw failureOf(offline);
        return json(offline.dataset, { headers: { 'Cache-Control': 'private, no-store' } });
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/scan/sync',
      summary:
        "Replay check-ins made offline, each with the code the gate scanned; answers each one in the gate's order: admitted, already_used when another gate won, not_valid when the code is missing or not a genuine code of the ticket and version drawn within one 15-s step of scannedAt, or the ticket is no longer valid — with too_early / too_late when dated outside the entry window. One transaction",
      // The event is in the body: its organisation's membership is the domain's to check (NOT_A_SCANNER).
      access: 'signed-in',
      body: scanSyncSchema,
      answer: syncResultsSchema,
      failures: ['NOT_A_SCANNER'],
      handle: async ({ body, caller }) => {
        const synced = await syncOfflineCheckIns(caller.user, body.eventId, body.checkIns);
        if (!synced.ok) throw failureOf(synced);
        return { results: synced.results };
      },
    }),
  ],
});
