// DELETE /api/v1/events/{id}/cart/items/{itemId} — take one ticket out of the cart; it returns to sale at once
import { apiRoute, json } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { cartItemIdSchema } from '@/lib/schemas/cart';
import { cartFailureResponse } from '@/lib/server/cart/http';
import { removeFromCart } from '@/lib/server/cart/service';

export const DELETE = apiRoute<{ id: string; itemId: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const { id, itemId } = await params;
  if (!cartItemIdSchema.safeParse(itemId).success) return cartFailureResponse(request, { ok: false, code: 'ITEM_NOT_FOUND' });
  const result = await removeFromCart({ user: caller.user, eventRef: id, itemId, locale: requestLocale(request) });
  return result.ok ? json(result.cart) : cartFailureResponse(request, result);
});
