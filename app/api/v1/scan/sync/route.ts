// POST /api/v1/scan/sync — replay check-ins a gate made offline; answers each one's outcome
import { scanSyncSchema } from '@/lib/schemas/tickets';
import { apiRoute, failureOf, json, parseBody } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { syncOfflineCheckIns } from '@/lib/server/scan/offline';

export const POST = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const input = await parseBody(request, scanSyncSchema);
  const synced = await syncOfflineCheckIns(caller.user, input.eventId, input.checkIns);
  if (!synced.ok) throw failureOf(synced);
  return json({ results: synced.results });
});
