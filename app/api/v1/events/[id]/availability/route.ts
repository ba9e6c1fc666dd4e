// GET /api/v1/events/{id}/availability — live: free places per category, taken seats, resale offers (polled by the event page)
import { apiRoute, ApiError, json } from '@/lib/server/api/respond';
import { cachedEventRef, cachedInventoryTotals, getAvailability } from '@/lib/server/events';

export const GET = apiRoute<{ id: string }>(async (request, { params }) => {
  const { id } = await params;
  // The slug → uuid lookup and the units per category are cached; what is taken is read fresh (or
  // shared, lib/server/events/availability.ts), and the units only looked up for a read.
  const event = id.length <= 120 ? await cachedEventRef(id) : null;
  const availability = event ? await getAvailability(event.uuid, () => cachedInventoryTotals(event.uuid)) : null;
  if (!availability) throw new ApiError('NOT_FOUND');
  return json(availability, { headers: { 'Cache-Control': 'no-store' } });
});
