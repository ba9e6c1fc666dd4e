// GET /api/v1/organiser/redeem-codes?organisation={orgId} — batches with their uses; ?batch={batchId} — one batch's codes · POST — generate a batch
import { redeemBatchCreateSchema, redeemListQuerySchema } from '@/lib/schemas/organiser-codes';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { apiRoute, failureOf, json, parseBody, parseQuery } from '@/lib/server/api/respond';
import { createRedeemBatch, listRedeemBatches, redeemBatchCodes } from '@/lib/server/organiser/redeem-codes';

export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const query = parseQuery(request, redeemListQuerySchema);
  const locale = requestLocale(request);
  if (query.batch) {
    const result = await redeemBatchCodes(caller.user.id, query.batch, locale);
    if (!result.ok) throw failureOf(result);
    return json({ batch: result.batch, codes: result.codes });
  }
  const result = await listRedeemBatches(caller.user.id, query.organisation!, locale);
  if (!result.ok) throw failureOf(result);
  return json({ batches: result.batches });
});

export const POST = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const input = await parseBody(request, redeemBatchCreateSchema);
  const result = await createRedeemBatch(caller.user.id, input, requestLocale(request));
  if (!result.ok) throw failureOf(result);
  return json({ batch: result.batch, codes: result.codes }, { status: 201 });
});
