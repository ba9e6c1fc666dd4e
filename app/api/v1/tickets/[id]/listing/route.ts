// POST /api/v1/tickets/{id}/listing — offer a ticket for resale at {price} (minor units) · DELETE — withdraw it
import { z } from 'zod';
import { listingSchema } from '@/lib/schemas/tickets';
import { apiRoute, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { revalidateResale } from '@/lib/server/resale/revalidate';
import { listTicketForResale, withdrawListing } from '@/lib/server/resale/listing';
import { ticketFailure } from '@/lib/server/tickets/failures';

const ticketId = z.uuid('tickets.errors.notFound');

export const POST = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const id = parseWith(ticketId, (await params).id);
  const input = await parseBody(request, listingSchema);
  const result = await listTicketForResale(caller.user, { ticketId: id, priceAmount: input.price });
  if (!result.ok) {
    if (result.code === 'PRICE_OVER_CAP') {
      const cap = new Intl.NumberFormat(requestLocale(request), { style: 'currency', currency: result.currency }).format(result.capAmount / 100);
      throw ticketFailure(result.code, { cap }, 'price');
    }
    throw ticketFailure(result.code);
  }
  await revalidateResale(result.listing.eventId);
  return json(result, { status: 201 });
});

export const DELETE = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const id = parseWith(ticketId, (await params).id);
  const result = await withdrawListing(caller.user, id);
  if (!result.ok) throw ticketFailure(result.code);
  await revalidateResale(result.eventId);
  return json({ ok: true });
});
