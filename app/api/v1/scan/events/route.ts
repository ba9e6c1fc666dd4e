// GET /api/v1/scan/events — events the caller may scan at
import { apiRoute, failureOf, json } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { scannerEvents } from '@/lib/server/scan/access';

export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const access = await scannerEvents(caller.user.id);
  if (!access.ok) throw failureOf(access);
  return json({ events: access.events });
});
