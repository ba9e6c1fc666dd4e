// GET /api/v1/loyalty — the caller's loyalty points per organiser and their newest ledger lines
import { apiRoute, json } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { myLoyalty } from '@/lib/server/loyalty/ledger';

export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  return json(await myLoyalty(caller.user));
});
