// PUT /api/v1/organiser/venues/{venueId}/layout — replace the whole layout from its JSON (the file's text; errors name their line)
import { venueIdParamSchema } from '@/lib/schemas/organiser';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestText } from '@/lib/server/api/body';
import { isJsonContentType } from '@/lib/server/api/request-guards';
import { ApiError, apiRoute, json, parseWith } from '@/lib/server/api/respond';
import { replaceLayout } from '@/lib/server/venues/layout';
import { layoutFailure } from '@/lib/server/venues/layout-answers';

export const PUT = apiRoute<{ venueId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { venueId } = parseWith(venueIdParamSchema, await params);
  // The text itself, not JSON.parse's value: a wrong line of the file is answered with its number.
  if (!isJsonContentType(request.headers.get('content-type') ?? '')) throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
  const result = await replaceLayout(caller.user.id, venueId, await requestText(request));
  if (!result.ok) throw layoutFailure(request, result);
  return json(result);
});
