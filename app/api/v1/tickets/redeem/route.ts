// POST /api/v1/tickets/redeem — claim the ticket(s) of a redeem code (single use, rate-limited)
import { redeemSchema } from '@/lib/schemas/tickets';
import { apiRoute, failureOf, json, parseBody } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { redeemCode } from '@/lib/server/tickets/redeem';

export const POST = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const input = await parseBody(request, redeemSchema);
  const result = await redeemCode(caller.user, input.code);
  if (!result.ok) throw failureOf(result);
  return json(result, { status: 201 });
});
