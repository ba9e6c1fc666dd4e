// GET /api/v1/events/{id}/cart/concessions — each cart line's concession and what it may be switched to · PUT — pick one line's concession
import { cartConcessionSchema } from '@/lib/schemas/concessions';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseBody } from '@/lib/server/api/respond';
import { getCartConcessions, setCartConcession } from '@/lib/server/concessions/cart';

export const GET = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const result = await getCartConcessions({ user: caller.user, eventRef: (await params).id });
  if (!result.ok) throw failureOf(result);
  return json({ lines: result.lines }, { headers: { 'Cache-Control': 'no-store' } });
});

export const PUT = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { itemId, concession } = await parseBody(request, cartConcessionSchema);
  const result = await setCartConcession({ user: caller.user, eventRef: (await params).id, itemId, concession });
  if (!result.ok) throw failureOf(result);
  return json({ lines: result.lines });
});
