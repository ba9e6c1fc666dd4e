// PATCH /api/v1/organiser/events/{eventId}/images/{index} — make a picture the cover and/or change its alt texts · DELETE — remove it
import { imageIndexParamSchema, imageUpdateSchema } from '@/lib/schemas/organiser-team';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { removeEventImage, updateEventImage } from '@/lib/server/events/images';

type Params = { eventId: string; index: string };

export const PATCH = apiRoute<Params>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { eventId, index } = parseWith(imageIndexParamSchema, await params);
  const input = await parseBody(request, imageUpdateSchema);
  const result = await updateEventImage(caller.user, eventId, Number(index), input);
  if (!result.ok) throw failureOf(result);
  return json({ gallery: result.gallery, cover: result.cover });
});

export const DELETE = apiRoute<Params>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { eventId, index } = parseWith(imageIndexParamSchema, await params);
  const result = await removeEventImage(caller.user, eventId, Number(index));
  if (!result.ok) throw failureOf(result);
  return json({ gallery: result.gallery, cover: result.cover });
});
