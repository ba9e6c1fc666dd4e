import 'server-only';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, json } from '@/lib/server/api/respond';
import { listMyTickets } from '@/lib/server/tickets/list';

/**
 * GET /api/v1/tickets — the caller's tickets (with signing keys for drawing rotating codes on the device)
 * and season schedules. Served without Next by the production server (hot-api.ts), which also hands it
 * to the Your tickets page it answers from the shared copy (scripts/page-cache.mjs).
 */
export const readMyTickets = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const data = await listMyTickets(caller.user);
  return json(data, { headers: { 'Cache-Control': 'private, no-store' } });
});
