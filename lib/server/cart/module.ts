import 'server-only';
// The cart over the API: reading it, holding and letting go of tickets (most of an on-sale rush's
// traffic: `hot`, the production server answers them without Next), and its discount code.
import { defineModule, operation } from '@/lib/server/api/operation';
import { metrics } from '@/lib/server/ops/metrics';
import { requestLocale } from '@/lib/server/api/request-locale';
import { ApiError, failureOf, json } from '@/lib/server/api/respond';
import { clientIp } from '@/lib/server/rate-limit';
import { checkAdmission } from '@/lib/server/queue/admission';
import { cartItemIdSchema, cartItemsSchema, cartSchema, couponSchema } from '@/lib/schemas/cart';
import { addToCart, applyCoupon, getCart, removeCoupon, removeFromCart } from '.';
import { SWEEP_BATCH, sweepExpiredHolds } from './sweep';

export default defineModule({
  name: 'cart',
  operations: [
    operation({
      method: 'get',
      path: '/api/v1/events/{id}/cart',
      summary: "The caller's cart for the event: items, when the hold runs out, coupon, totals. Never cached",
      access: 'signed-in',
      answer: cartSchema,
      failures: ['EVENT_NOT_FOUND'],
      handle: async ({ request, params, caller }) => {
        const result = await getCart({ user: caller.user, eventRef: params.id, locale: requestLocale(request) });
        if (!result.ok) throw failureOf(result);
        return json(result.cart, { headers: { 'Cache-Control': 'no-store' } });
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/events/{id}/cart/items',
      summary:
        'Hold seats ({seatIds}), a number of standing places ({ticketTypeId, quantity}), or a resale listing ({listingId}) in the cart, all or nothing (an event whose sale is queued first needs the caller’s admission from its waiting room: ADMISSION_REQUIRED, ADMISSION_EXPIRED); the hold runs for the event’s reservation time. SEAT_TAKEN names each taken seat in `errors` (field seatIds, with the seat’s id); PRIORITY_ONLY and NOT_ON_SALE_YET say when sales open for the caller',
      access: 'signed-in',
      body: cartItemsSchema,
      answer: cartSchema,
      failures: [
        'EVENT_NOT_FOUND',
        'NOT_ON_SALE',
        'NOT_ON_SALE_YET',
        'PRIORITY_ONLY',
        'TICKET_TYPE_NOT_FOUND',
        'SOLD_OUT',
        'SEAT_TAKEN',
        'LIMIT_PER_ORDER',
        'LIMIT_PER_USER',
        'ITEM_NOT_FOUND',
        'WAITING_LIST_RESERVED',
        'ACCESSIBLE_SEAT',
        'LISTING_SOLD',
        'OWN_LISTING',
        'ADMISSION_REQUIRED',
        'ADMISSION_EXPIRED',
      ],
      hot: true,
      handle: async ({ request, params, body, caller }) => {
        // A queued on-sale: the caller's admission from the waiting room first (lib/server/queue/admission.ts).
        const admission = await checkAdmission(request, caller.user.id, params.id);
        if (!admission.ok) throw new ApiError(admission.code);
        const result = await addToCart({ user: caller.user, eventRef: params.id, selection: body, locale: requestLocale(request), presaleAdmitted: admission.presale });
        metrics().holds.inc({ result: result.ok ? 'held' : result.code });
        if (!result.ok) throw failureOf(result);
        return result.cart;
      },
    }),
    operation({
      method: 'delete',
      path: '/api/v1/events/{id}/cart/items/{itemId}',
      summary: 'Take one ticket out of the cart; it returns to sale at once',
      access: 'signed-in',
      answer: cartSchema,
      failures: ['EVENT_NOT_FOUND', 'ITEM_NOT_FOUND'],
      hot: true,
      handle: async ({ request, params, caller }) => {
        if (!cartItemIdSchema.safeParse(params.itemId).success) throw new ApiError('ITEM_NOT_FOUND');
        const result = await removeFromCart({ user: caller.user, eventRef: params.id, itemId: params.itemId, locale: requestLocale(request) });
        if (!result.ok) throw failureOf(result);
        return result.cart;
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/events/{id}/cart/coupon',
      summary:
        'Apply a discount code {code} to the cart (422: unknown, expired or used-up code, each with its own sentence); guesses are limited (429 past 5 tries a minute per fan or 20 per client address)',
      access: 'signed-in',
      body: couponSchema,
      answer: cartSchema,
      failures: ['EVENT_NOT_FOUND', 'INVALID_DISCOUNT_CODE', 'DISCOUNT_CODE_EXPIRED', 'DISCOUNT_CODE_USED_UP', 'RATE_LIMITED'],
      handle: async ({ request, params, body, caller }) => {
        const result = await applyCoupon({ user: caller.user, eventRef: params.id, code: body.code, locale: requestLocale(request), clientAddress: clientIp(request) });
        if (!result.ok) throw failureOf(result);
        return result.cart;
      },
    }),
    operation({
      method: 'delete',
      path: '/api/v1/events/{id}/cart/coupon',
      summary: 'Remove the discount code from the cart',
      access: 'signed-in',
      answer: cartSchema,
      failures: ['EVENT_NOT_FOUND'],
      handle: async ({ request, params, caller }) => {
        const result = await removeCoupon({ user: caller.user, eventRef: params.id, locale: requestLocale(request) });
        if (!result.ok) throw failureOf(result);
        return result.cart;
      },
    }),
  ],
  jobs: [
    // Holds whose time ran out: what they held goes back on sale before the waiting lists are offered it.
    { name: 'expired holds', order: 10, run: async () => (await sweepExpiredHolds()).length === SWEEP_BATCH },
  ],
});
