// GET /api/v1/scan/events — events the caller may scan at
import { apiRoute, json } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { scannerEvents } from '@/lib/server/scan/access';
import { ticketFailure } from '@/lib/server/tickets/failures';

export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const events = await scannerEvents(caller.user.id);
  if (!events) throw ticketFailure('NOT_A_SCANNER');
  return json({ events });
});
