// POST /api/v1/organiser/venues/{venueId}/sections — add a block of R rows × S seats (positions made by the server) or a standing area
import { venueIdParamSchema } from '@/lib/schemas/organiser';
import { createSectionSchema } from '@/lib/schemas/organiser-venues';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { addSection } from '@/lib/server/venues/layout';
import { layoutFailure } from '@/lib/server/venues/layout-answers';

export const POST = apiRoute<{ venueId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { venueId } = parseWith(venueIdParamSchema, await params);
  const input = await parseBody(request, createSectionSchema);
  const result = await addSection(caller.user.id, venueId, input);
  if (!result.ok) throw layoutFailure(request, result);
  return json(result, { status: 201 });
});
