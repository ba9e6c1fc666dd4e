// POST /api/v1/events/{id}/cart/packages — hold a package in the cart, all or nothing: {packageId, seatIds?} (the fan's seats, else the best together) → the cart
import { packageAddSchema } from '@/lib/schemas/packages';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { apiRoute, failureOf, json, parseBody } from '@/lib/server/api/respond';
import { addPackageToCart } from '@/lib/server/packages/sale';

export const POST = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { packageId, seatIds } = await parseBody(request, packageAddSchema);
  const result = await addPackageToCart({ user: caller.user, eventRef: (await params).id, packageId, seatIds, locale: requestLocale(request) });
  if (!result.ok) throw failureOf(result);
  return json(result.cart);
});
