import 'server-only';
import { scanSchema } from '@/lib/schemas/tickets';
import { apiRoute, failureOf, json, parseBody } from '@/lib/server/api/respond';
import { authenticate, requireSessionToken, sessionGone } from '@/lib/server/api/authenticate';
import { scanTicket } from '@/lib/server/scan/scan';

/** POST /api/v1/scan — a gate scans a rotating code: verify it and check the ticket in (organiser members only). */
export const scanCode = apiRoute(async (request) => {
  // The session is looked up by the scan's own read (scanTicket): one round trip fewer per scan.
  const sessionToken = await requireSessionToken(request);
  const input = await parseBody(request, scanSchema).catch(async (error: unknown) => {
    // As on every route, a caller without a live session hears 401 before anything about its input.
    throw (await authenticate(request)) ? error : sessionGone();
  });
  const result = await scanTicket({ sessionToken }, input);
  if ('ok' in result) throw failureOf(result);
  // Every scan outcome is an answer, not an error: the gate shows it big.
  return json(result);
});
