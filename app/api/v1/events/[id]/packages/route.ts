// GET /api/v1/events/{id}/packages — the packages on sale on the event's page (family tickets, festival passes, add-ons), with how many are left
import { ApiError, apiRoute, json } from '@/lib/server/api/respond';
import { requestLocale } from '@/lib/server/api/request-locale';
import { eventPackages } from '@/lib/server/packages/sale';

export const GET = apiRoute<{ id: string }>(async (request, { params }) => {
  const { id } = await params;
  const packages = id.length <= 120 ? await eventPackages(id, requestLocale(request)) : null;
  if (!packages) throw new ApiError('NOT_FOUND');
  return json({ packages }, { headers: { 'Cache-Control': 'no-store' } });
});
