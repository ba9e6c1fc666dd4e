// PUT /api/v1/tickets/{id}/holder — name the holder of a named ticket (risk match) that has none yet: a gift received, a code redeemed
import { holderSchema } from '@/lib/schemas/named-tickets';
import { ticketIdParamSchema } from '@/lib/schemas/tickets';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { nameTicket } from '@/lib/server/named-tickets/ticket-holder';

export const PUT = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const id = parseWith(ticketIdParamSchema.shape.id, (await params).id);
  const holder = await parseBody(request, holderSchema);
  const result = await nameTicket(caller.user, { ticketId: id, ...holder });
  if (!result.ok) throw failureOf(result);
  const { ok: _ok, ...named } = result;
  return json(named);
});
