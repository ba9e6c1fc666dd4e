// PATCH /api/v1/organiser/events/{eventId}/price-categories/{categoryId} — change a category · DELETE — remove one nobody bought
import { priceCategoryParamSchema, updatePriceCategorySchema } from '@/lib/schemas/organiser-events';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { organiserFailure } from '@/lib/server/events/edit';
import { deletePriceCategory, updatePriceCategory } from '@/lib/server/events/price-categories';

type Params = { eventId: string; categoryId: string };

export const PATCH = apiRoute<Params>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { eventId, categoryId } = parseWith(priceCategoryParamSchema, await params);
  const input = await parseBody(request, updatePriceCategorySchema);
  const result = await updatePriceCategory(caller.user.id, eventId, categoryId, input);
  if (!result.ok) throw organiserFailure(result);
  return json({ category: result.category });
});

export const DELETE = apiRoute<Params>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { eventId, categoryId } = parseWith(priceCategoryParamSchema, await params);
  const result = await deletePriceCategory(caller.user.id, eventId, categoryId);
  if (!result.ok) throw organiserFailure(result);
  return json({ ok: true as const });
});
