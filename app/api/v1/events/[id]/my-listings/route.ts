// GET /api/v1/events/{id}/my-listings — the caller's own resale listings on sale for the event (the event page shows them as theirs, never with Buy)
import { ApiError, apiRoute, json } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { cachedEventRef } from '@/lib/server/events';
import { myActiveListings } from '@/lib/server/resale/own-listings';

export const GET = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { id } = await params;
  const event = id.length <= 120 ? await cachedEventRef(id) : null;
  if (!event) throw new ApiError('NOT_FOUND');
  return json({ listings: await myActiveListings(caller.user, event.uuid) }, { headers: { 'Cache-Control': 'private, no-store' } });
});
