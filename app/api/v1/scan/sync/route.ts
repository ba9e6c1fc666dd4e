// POST /api/v1/scan/sync — replay check-ins a gate made offline; answers each one's outcome
import { scanSyncSchema } from '@/lib/schemas/tickets';
import { apiRoute, json, parseBody } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { syncOfflineCheckIns } from '@/lib/server/scan/offline';
import { ticketFailure } from '@/lib/server/tickets/failures';

export const POST = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const input = await parseBody(request, scanSyncSchema);
  const results = await syncOfflineCheckIns(caller.user, input.eventId, input.checkIns);
  if (!results) throw ticketFailure('NOT_A_SCANNER');
  return json({ results });
});
