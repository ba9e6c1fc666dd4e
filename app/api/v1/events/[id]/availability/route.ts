// GET /api/v1/events/{id}/availability — live: free places per category, taken seats, resale offers (polled by the event page)
import { apiRoute, ApiError, json } from '@/lib/server/api/respond';
import { cachedEventRef, cachedInventoryTotals, liveAvailability } from '@/lib/server/events';

export const GET = apiRoute<{ id: string }>(async (request, { params }) => {
  const { id } = await params;
  // The slug → uuid lookup and the units per category are cached; what is taken is read fresh every time.
  const event = id.length <= 120 ? await cachedEventRef(id) : null;
  const availability = event ? await liveAvailability(event.uuid, await cachedInventoryTotals(event.uuid)) : null;
  if (!availability) throw new ApiError(404, 'NOT_FOUND', 'errors.notFound');
  return json(availability, { headers: { 'Cache-Control': 'no-store' } });
});
