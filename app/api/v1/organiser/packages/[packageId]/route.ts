// GET /api/v1/organiser/packages/{packageId} — one package · PATCH — change it · DELETE — remove one no fan ever had in a cart
import { packageIdParamSchema, packagePatchSchema } from '@/lib/schemas/packages';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { deletePackage, getPackage, updatePackage } from '@/lib/server/packages/organiser';

type Params = { packageId: string };

export const GET = apiRoute<Params>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { packageId } = parseWith(packageIdParamSchema, await params);
  const result = await getPackage(caller.user.id, packageId);
  if (!result.ok) throw failureOf(result);
  return json({ package: result.package });
});

export const PATCH = apiRoute<Params>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { packageId } = parseWith(packageIdParamSchema, await params);
  const input = await parseBody(request, packagePatchSchema);
  const result = await updatePackage(caller.user.id, packageId, input);
  if (!result.ok) throw failureOf(result);
  return json({ package: result.package });
});

export const DELETE = apiRoute<Params>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { packageId } = parseWith(packageIdParamSchema, await params);
  const result = await deletePackage(caller.user.id, packageId);
  if (!result.ok) throw failureOf(result);
  return json({ ok: true as const });
});
