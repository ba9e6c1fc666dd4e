// GET /api/v1/organiser/coupons?organisation={orgId} — the organisation's coupons with their uses · POST — create one
import { organisationQuerySchema } from '@/lib/schemas/organiser';
import { couponCreateSchema } from '@/lib/schemas/organiser-codes';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { apiRoute, failureOf, json, parseBody, parseQuery } from '@/lib/server/api/respond';
import { createCoupon, listCoupons } from '@/lib/server/organiser/coupons';

export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const { organisation } = parseQuery(request, organisationQuerySchema);
  const result = await listCoupons(caller.user.id, organisation, requestLocale(request));
  if (!result.ok) throw failureOf(result);
  return json({ coupons: result.coupons });
});

export const POST = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const input = await parseBody(request, couponCreateSchema);
  const result = await createCoupon(caller.user.id, input, requestLocale(request));
  if (!result.ok) throw failureOf(result);
  return json({ coupon: result.coupon }, { status: 201 });
});
