// GET /api/v1/wallet — the caller's Tribuna wallet credit per organiser and the ledger's newest entries
import { apiRoute, json } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { myWallet } from '@/lib/server/wallet';

export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  return json(await myWallet(caller.user));
});
