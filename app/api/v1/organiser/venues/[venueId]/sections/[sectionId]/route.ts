// PATCH /api/v1/organiser/venues/{venueId}/sections/{sectionId} — rename, move, a standing area's capacity · DELETE — remove it (only unsold)
import { sectionParamsSchema, updateSectionSchema } from '@/lib/schemas/organiser-venues';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { deleteSection, updateSection } from '@/lib/server/venues/layout';
import { layoutFailure } from '@/lib/server/venues/layout-answers';

type Params = { venueId: string; sectionId: string };

export const PATCH = apiRoute<Params>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { venueId, sectionId } = parseWith(sectionParamsSchema, await params);
  const input = await parseBody(request, updateSectionSchema);
  const result = await updateSection(caller.user.id, venueId, sectionId, input);
  if (!result.ok) throw layoutFailure(request, result);
  return json(result);
});

export const DELETE = apiRoute<Params>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { venueId, sectionId } = parseWith(sectionParamsSchema, await params);
  const result = await deleteSection(caller.user.id, venueId, sectionId);
  if (!result.ok) throw layoutFailure(request, result);
  return json(result);
});
