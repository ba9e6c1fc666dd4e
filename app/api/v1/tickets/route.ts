// GET /api/v1/tickets — the caller's tickets (with signing keys for drawing rotating codes on the device) and season schedules
import { apiRoute, json } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { listMyTickets } from '@/lib/server/tickets/list';

export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const data = await listMyTickets(caller.user);
  return json(data, { headers: { 'Cache-Control': 'private, no-store' } });
});
