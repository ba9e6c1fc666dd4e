// GET /api/v1/admin/payout-runs/{runId}/file — the run's pain.001 credit-transfer file, as a download for the bank
import { runIdParamSchema } from '@/lib/schemas/payouts';
import { requireCaller } from '@/lib/server/api/authenticate';
import { apiRoute, failureOf, parseWith } from '@/lib/server/api/respond';
import { runFile } from '@/lib/server/payouts/runs';

export const GET = apiRoute<{ runId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { runId } = parseWith(runIdParamSchema, await params);
  const result = await runFile(caller.user, runId);
  if (!result.ok) throw failureOf(result);
  return new Response(result.xml, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'content-disposition': `attachment; filename="${result.filename}"`,
      'cache-control': 'private, no-store',
    },
  });
});
