// GET /api/v1/events/{id}/accessible-seats — the event's wheelchair places and companion seats, and which are free
import { apiRoute, failureOf, json } from '@/lib/server/api/respond';
import { requestLocale } from '@/lib/server/api/request-locale';
import { eventAccessibleSeats } from '@/lib/server/concessions/accessible';

export const GET = apiRoute<{ id: string }>(async (request, { params }) => {
  const result = await eventAccessibleSeats({ eventRef: (await params).id, locale: requestLocale(request) });
  if (!result.ok) throw failureOf(result);
  return json({ seats: result.seats }, { headers: { 'Cache-Control': 'no-store' } });
});
