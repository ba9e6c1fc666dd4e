// POST /api/v1/events/{id}/cart/accessible — hold a wheelchair place with a ZŤP or ZŤP-S concession (and its free companion seat)
import { accessibleHoldSchema } from '@/lib/schemas/concessions';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseBody } from '@/lib/server/api/respond';
import { holdAccessibleSeat } from '@/lib/server/concessions/accessible';

export const POST = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { seatId, concession } = await parseBody(request, accessibleHoldSchema);
  const result = await holdAccessibleSeat({ user: caller.user, eventRef: (await params).id, seatId, concession });
  if (!result.ok) throw failureOf(result);
  return json({ lines: result.lines });
});
