// POST /api/v1/tickets/{id}/gift — send a ticket to another fan by email · DELETE — cancel an unclaimed gift
import { giftSchema, ticketIdParamSchema } from '@/lib/schemas/tickets';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { cancelGift, giftTicket } from '@/lib/server/tickets/gift';

export const POST = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const id = parseWith(ticketIdParamSchema.shape.id, (await params).id);
  const input = await parseBody(request, giftSchema);
  const result = await giftTicket(caller.user, { ticketId: id, email: input.email, locale: requestLocale(request) });
  if (!result.ok) throw failureOf(result);
  return json(result, { status: 201 });
});

export const DELETE = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const id = parseWith(ticketIdParamSchema.shape.id, (await params).id);
  const result = await cancelGift(caller.user, id);
  if (!result.ok) throw failureOf(result);
  return json(result);
});
