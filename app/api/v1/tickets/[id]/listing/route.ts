// POST /api/v1/tickets/{id}/listing — offer a ticket for resale at {price} (minor units) · DELETE — withdraw it
import { listingSchema, ticketIdParamSchema } from '@/lib/schemas/tickets';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { listTicketForResale, withdrawListing } from '@/lib/server/resale/listing';

export const POST = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const id = parseWith(ticketIdParamSchema.shape.id, (await params).id);
  const input = await parseBody(request, listingSchema);
  const result = await listTicketForResale(caller.user, { ticketId: id, priceAmount: input.price });
  if (!result.ok) {
    if (result.code === 'PRICE_OVER_CAP') {
      const cap = new Intl.NumberFormat(requestLocale(request), { style: 'currency', currency: result.currency }).format(result.capAmount / 100);
      throw failureOf(result, { values: { cap } });
    }
    throw failureOf(result);
  }
  return json(result, { status: 201 });
});

export const DELETE = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const id = parseWith(ticketIdParamSchema.shape.id, (await params).id);
  const result = await withdrawListing(caller.user, id);
  if (!result.ok) throw failureOf(result);
  return json({ ok: true });
});
