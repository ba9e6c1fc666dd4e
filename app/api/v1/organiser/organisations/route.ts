// GET /api/v1/organiser/organisations — the organisations the caller belongs to, with their role
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, json } from '@/lib/server/api/respond';
import { myOrganisations } from '@/lib/server/organiser/access';

export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  return json({ organisations: await myOrganisations(caller.user.id) });
});
