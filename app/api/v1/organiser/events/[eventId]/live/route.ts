// GET /api/v1/organiser/events/{eventId}/live — the live on-sale view: tickets in carts, sold in the last minute, sold and sold out per category
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { apiRoute, failureOf, json, parseWith } from '@/lib/server/api/respond';
import { liveView } from '@/lib/server/reports/live';

export const GET = apiRoute<{ eventId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { eventId } = parseWith(eventIdParamSchema, await params);
  const result = await liveView(caller.user.id, eventId, requestLocale(request));
  if (!result.ok) throw failureOf(result);
  return json(result.live, { headers: { 'cache-control': 'private, no-store' } });
});
