// GET /api/v1/events/{id}/cart/holders — each cart line, whether it must be in its holder's name (a risk match) and the holder so far · PUT — name the holders of named lines
import { cartHoldersSchema } from '@/lib/schemas/named-tickets';
import { apiRoute, failureOf, json, parseBody } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { getCartHolders, setCartHolders } from '@/lib/server/named-tickets/holders';

export const GET = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const result = await getCartHolders({ user: caller.user, eventRef: (await params).id });
  if (!result.ok) throw failureOf(result);
  return json({ holders: result.holders });
});

export const PUT = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { holders } = await parseBody(request, cartHoldersSchema);
  const result = await setCartHolders({ user: caller.user, eventRef: (await params).id, holders });
  if (!result.ok) throw failureOf(result);
  return json({ holders: result.holders });
});
