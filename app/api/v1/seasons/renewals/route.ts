// GET /api/v1/seasons/renewals — the caller's seats of last season they may renew now, one per season whose renewal is open
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, json } from '@/lib/server/api/respond';
import { openRenewals } from '@/lib/server/seasons/sale';

export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  return json({ renewals: await openRenewals(caller.user.id) });
});
