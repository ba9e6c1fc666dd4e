// GET /api/v1/organiser/packages?organisation={orgId} — the organisation's packages and the events they can hold · POST — create one
import { organisationQuerySchema } from '@/lib/schemas/organiser';
import { packageCreateSchema } from '@/lib/schemas/packages';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseBody, parseQuery } from '@/lib/server/api/respond';
import { createPackage, listPackages } from '@/lib/server/packages/organiser';

export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const { organisation } = parseQuery(request, organisationQuerySchema);
  const result = await listPackages(caller.user.id, organisation);
  if (!result.ok) throw failureOf(result);
  return json({ packages: result.packages, events: result.events });
});

export const POST = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const input = await parseBody(request, packageCreateSchema);
  const result = await createPackage(caller.user.id, input);
  if (!result.ok) throw failureOf(result);
  return json({ package: result.package }, { status: 201 });
});
