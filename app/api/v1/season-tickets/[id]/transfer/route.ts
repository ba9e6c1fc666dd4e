// POST /api/v1/season-tickets/{id}/transfer — give the whole season ticket to another fan's account {email}
import { seasonTransferSchema, seasonTicketIdParamSchema } from '@/lib/schemas/seasons';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { transferSeasonTicket } from '@/lib/server/seasons/transfer';

export const POST = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { id } = parseWith(seasonTicketIdParamSchema, await params);
  const { email } = await parseBody(request, seasonTransferSchema);
  const result = await transferSeasonTicket(caller.user, { seasonTicketId: id, email });
  if (!result.ok) throw failureOf(result);
  return json({ ok: true as const, toEmail: result.toEmail, moved: result.moved });
});
