// GET /api/v1/organiser/events/{eventId}/price-categories/{categoryId}/concessions — the category's concession prices · PUT — replace them
import { categoryConcessionsSchema } from '@/lib/schemas/concessions';
import { priceCategoryParamSchema } from '@/lib/schemas/organiser-events';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { getCategoryConcessions, setCategoryConcessions } from '@/lib/server/concessions/prices';

type Params = { eventId: string; categoryId: string };

export const GET = apiRoute<Params>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { eventId, categoryId } = parseWith(priceCategoryParamSchema, await params);
  const result = await getCategoryConcessions(caller.user.id, eventId, categoryId);
  if (!result.ok) throw failureOf(result);
  return json({ categoryId: result.categoryId, concessions: result.concessions });
});

export const PUT = apiRoute<Params>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { eventId, categoryId } = parseWith(priceCategoryParamSchema, await params);
  const input = await parseBody(request, categoryConcessionsSchema);
  const result = await setCategoryConcessions(caller.user.id, eventId, categoryId, input);
  if (!result.ok) throw failureOf(result);
  return json({ categoryId: result.categoryId, concessions: result.concessions });
});
