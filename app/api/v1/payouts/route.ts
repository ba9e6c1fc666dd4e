// GET /api/v1/payouts — the caller's resale payout ledger
import { apiRoute, json } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { listPayouts } from '@/lib/server/resale/payouts';

export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  return json({ payouts: await listPayouts(caller.user) }, { headers: { 'Cache-Control': 'private, no-store' } });
});
