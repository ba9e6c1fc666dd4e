// POST /api/v1/scan — a gate scans a rotating code: verify it and check the ticket in (organiser staff only)
import { scanSchema } from '@/lib/schemas/tickets';
import { apiRoute, json, parseBody } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { scanTicket } from '@/lib/server/scan/scan';
import { ticketFailure } from '@/lib/server/tickets/failures';

export const POST = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const input = await parseBody(request, scanSchema);
  const result = await scanTicket(caller.user, input);
  if ('ok' in result) throw ticketFailure(result.code);
  // Every scan outcome is an answer, not an error: the gate shows it big.
  return json(result);
});
