// POST /api/v1/organiser/events/{eventId}/images — upload a gallery picture (multipart: file, altSk?, altCs?, altEn?) · PATCH — reorder the gallery {order}
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import { imageOrderSchema, imageUploadFieldsSchema } from '@/lib/schemas/organiser-team';
import { requestBytes } from '@/lib/server/api/body';
import { apiRoute, ApiError, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { addEventImage, reorderEventImages } from '@/lib/server/events/images';

/** The multipart form of an upload, from the bytes apiRoute has already read (bounded). */
async function uploadForm(request: Request): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) throw new ApiError('IMAGE_REQUIRED');
  try {
    return await new Response(new Uint8Array(await requestBytes(request)), { headers: { 'content-type': type } }).formData();
  } catch {
    throw new ApiError('IMAGE_REQUIRED');
  }
}

export const POST = apiRoute<{ eventId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { eventId } = parseWith(eventIdParamSchema, await params);
  const form = await uploadForm(request);
  const text = (name: string) => (typeof form.get(name) === 'string' ? (form.get(name) as string) : undefined);
  const alt = parseWith(imageUploadFieldsSchema, { altSk: text('altSk'), altCs: text('altCs'), altEn: text('altEn') });
  const file = form.get('file');
  const result = await addEventImage(caller.user, eventId, { file: file instanceof Blob ? file : null, alt: { sk: alt.altSk, cs: alt.altCs, en: alt.altEn } });
  if (!result.ok) throw failureOf(result);
  return json({ gallery: result.gallery, cover: result.cover }, { status: 201 });
});

export const PATCH = apiRoute<{ eventId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { eventId } = parseWith(eventIdParamSchema, await params);
  const input = await parseBody(request, imageOrderSchema);
  const result = await reorderEventImages(caller.user, eventId, input.order);
  if (!result.ok) throw failureOf(result);
  return json({ gallery: result.gallery, cover: result.cover });
});
