// GET /api/v1/organiser/events/{eventId}/price-categories — the event's categories and the venue's sections · POST — add a category
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import { createPriceCategorySchema } from '@/lib/schemas/organiser-events';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { organiserFailure } from '@/lib/server/events/edit';
import { createPriceCategory, listPriceCategories } from '@/lib/server/events/price-categories';

export const GET = apiRoute<{ eventId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { eventId } = parseWith(eventIdParamSchema, await params);
  const result = await listPriceCategories(caller.user.id, eventId);
  if (!result.ok) throw organiserFailure(result);
  return json({ categories: result.categories, sections: result.sections });
});

export const POST = apiRoute<{ eventId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { eventId } = parseWith(eventIdParamSchema, await params);
  const input = await parseBody(request, createPriceCategorySchema);
  const result = await createPriceCategory(caller.user.id, eventId, input);
  if (!result.ok) throw organiserFailure(result);
  return json({ category: result.category }, { status: 201 });
});
