// GET /api/v1/events/{id} — one published event (id = slug or uuid) with its price categories and layout summary (?include=seats for every seat)
import { eventDetailQuerySchema } from '@/lib/schemas/events';
import { apiRoute, ApiError, json, parseQuery } from '@/lib/server/api/respond';
import { requestLocale } from '@/lib/server/api/request-locale';
import { cachedEventDetail, localizeDetail } from '@/lib/server/events';

export const GET = apiRoute<{ id: string }>(async (request, { params }) => {
  const { id } = await params;
  const { include } = parseQuery(request, eventDetailQuerySchema);
  const detail = id.length <= 120 ? await cachedEventDetail(id, { seats: include === 'seats' }) : null;
  if (!detail) throw new ApiError('NOT_FOUND');
  return json(localizeDetail(detail, requestLocale(request), { seats: include === 'seats' }));
});
