// POST /api/v1/admin/payout-runs/{runId}/cancel — the run's file was not sent: its payouts are free for the next run
import { runIdParamSchema } from '@/lib/schemas/payouts';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, json, parseWith } from '@/lib/server/api/respond';
import { cancelRun } from '@/lib/server/payouts/runs';

export const POST = apiRoute<{ runId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { runId } = parseWith(runIdParamSchema, await params);
  const result = await cancelRun(caller.user, runId);
  if (!result.ok) throw failureOf(result);
  return json({ run: result.run, changed: result.changed });
});
