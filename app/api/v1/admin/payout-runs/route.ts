// GET /api/v1/admin/payout-runs — due payouts per currency and the payout runs (Tribuna admins) · POST {currency} — prepare a run
import { payoutRunCreateSchema } from '@/lib/schemas/payouts';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseBody } from '@/lib/server/api/respond';
import { payoutRunsOverview, prepareRun } from '@/lib/server/payouts/runs';

export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const result = await payoutRunsOverview(caller.user);
  if (!result.ok) throw failureOf(result);
  return json({ due: result.due, runs: result.runs }, { headers: { 'Cache-Control': 'private, no-store' } });
});

export const POST = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const { currency } = await parseBody(request, payoutRunCreateSchema);
  const result = await prepareRun(caller.user, currency);
  if (!result.ok) throw failureOf(result);
  return json({ run: result.run }, { status: 201 });
});
