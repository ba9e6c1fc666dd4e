// POST /api/v1/tickets/{id}/release — a season-ticket holder releases their seat for this match to the club's sale, for credit · DELETE — take it back unsold
import { ticketIdParamSchema } from '@/lib/schemas/tickets';
import { releaseRequestSchema } from '@/lib/schemas/wallet';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { releaseTicket, takeBackTicket } from '@/lib/server/seasons/release';

export const POST = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const id = parseWith(ticketIdParamSchema.shape.id, (await params).id);
  const input = await parseBody(request, releaseRequestSchema);
  const result = await releaseTicket(caller.user, { ticketId: id, sharePercent: input.sharePercent });
  if (!result.ok) throw failureOf(result);
  return json({ release: result.release }, { status: 201 });
});

export const DELETE = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const id = parseWith(ticketIdParamSchema.shape.id, (await params).id);
  const result = await takeBackTicket(caller.user, { ticketId: id });
  if (!result.ok) throw failureOf(result);
  return json({ ok: true });
});
