// PATCH /api/v1/organiser/coupons/{couponId} — change a coupon's value, window or limits; {active: false} deactivates it
import { couponIdParamSchema, couponPatchSchema } from '@/lib/schemas/organiser-codes';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { apiRoute, failureOf, json, parseBody, parseWith } from '@/lib/server/api/respond';
import { updateCoupon } from '@/lib/server/organiser/coupons';

export const PATCH = apiRoute<{ couponId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { couponId } = parseWith(couponIdParamSchema, await params);
  const patch = await parseBody(request, couponPatchSchema);
  const result = await updateCoupon(caller.user.id, couponId, patch, requestLocale(request));
  if (!result.ok) throw failureOf(result);
  return json({ coupon: result.coupon });
});
