import 'server-only';
// Concessions over the API (child, student, senior, ZŤP, ZŤP-S): the organiser's prices per category, a
// cart line's concession, and the wheelchair places held back for ZŤP / ZŤP-S card holders.
import { defineModule, operation } from '@/lib/server/api/operation';
import { requestLocale } from '@/lib/server/api/request-locale';
import { failureOf, json, parseWith } from '@/lib/server/api/respond';
import {
  accessibleHoldSchema,
  accessibleSeatsResultSchema,
  cartConcessionSchema,
  cartConcessionsResultSchema,
  categoryConcessionsResultSchema,
  categoryConcessionsSchema,
} from '@/lib/schemas/concessions';
import { priceCategoryParamSchema } from '@/lib/schemas/organiser-events';
import { eventAccessibleSeats, holdAccessibleSeat } from './accessible';
import { getCartConcessions, setCartConcession } from './cart';
import { getCategoryConcessions, setCategoryConcessions } from './prices';

const byEvent = { capability: 'events', owner: 'event', param: 'eventId' } as const;

export default defineModule({
  name: 'concessions',
  operations: [
    operation({
      method: 'get',
      path: '/api/v1/events/{id}/accessible-seats',
      summary: 'The event’s wheelchair places and companion seats, and which are free; a general cart cannot hold them (ACCESSIBLE_SEAT)',
      access: 'anyone',
      answer: accessibleSeatsResultSchema,
      failures: ['EVENT_NOT_FOUND'],
      handle: async ({ request, params }) => {
        const result = await eventAccessibleSeats({ eventRef: params.id, locale: requestLocale(request) });
        if (!result.ok) throw failureOf(result);
        return json({ seats: result.seats }, { headers: { 'Cache-Control': 'no-store' } });
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/events/{id}/cart/concessions',
      summary: 'The concession of each line of the caller’s cart (null: full price) and what each may be switched to',
      access: 'signed-in',
      answer: cartConcessionsResultSchema,
      failures: ['EVENT_NOT_FOUND'],
      handle: async ({ params, caller }) => {
        const result = await getCartConcessions({ user: caller.user, eventRef: params.id });
        if (!result.ok) throw failureOf(result);
        return json({ lines: result.lines }, { headers: { 'Cache-Control': 'no-store' } });
      },
    }),
    operation({
      method: 'put',
      path: '/api/v1/events/{id}/cart/concessions',
      summary:
        'Pick one line’s concession (null: full price): the line’s price becomes the concession’s and the cart’s total follows; a ZŤP-S concession with the companion rule adds a free companion line (the seat next to it). The gate asks for the card',
      access: 'signed-in',
      body: cartConcessionSchema,
      answer: cartConcessionsResultSchema,
      failures: ['EVENT_NOT_FOUND', 'CART_EMPTY', 'ITEM_NOT_FOUND', 'CONCESSION_NOT_OFFERED', 'WHEELCHAIR_NEEDS_CARD', 'NO_COMPANION_SEAT', 'PACKAGE_PRICE_FIXED'],
      handle: async ({ params, body, caller }) => {
        const result = await setCartConcession({ user: caller.user, eventRef: params.id, itemId: body.itemId, concession: body.concession });
        if (!result.ok) throw failureOf(result);
        return { lines: result.lines };
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/events/{id}/cart/accessible',
      summary: 'Hold a wheelchair place in the caller’s cart with a ZŤP or ZŤP-S concession (and, with the companion rule, its free companion seat), all or nothing',
      access: 'signed-in',
      body: accessibleHoldSchema,
      answer: cartConcessionsResultSchema,
      failures: [
        'EVENT_NOT_FOUND',
        'NOT_ON_SALE',
        'NOT_WHEELCHAIR_PLACE',
        'SEAT_TAKEN',
        'SOLD_OUT',
        'LIMIT_PER_ORDER',
        'LIMIT_PER_USER',
        'CONCESSION_NOT_OFFERED',
        'NO_COMPANION_SEAT',
      ],
      handle: async ({ params, body, caller }) => {
        const result = await holdAccessibleSeat({ user: caller.user, eventRef: params.id, seatId: body.seatId, concession: body.concession });
        if (!result.ok) throw failureOf(result);
        return { lines: result.lines };
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/organiser/events/{eventId}/price-categories/{categoryId}/concessions',
      summary: 'The price category’s concession prices (child, student, senior, ZŤP, ZŤP-S) and companion rules (owner, manager)',
      access: byEvent,
      answer: categoryConcessionsResultSchema,
      failures: ['CATEGORY_NOT_FOUND'],
      handle: async ({ params, caller }) => {
        const { eventId, categoryId } = parseWith(priceCategoryParamSchema, params);
        const result = await getCategoryConcessions(caller.user.id, eventId, categoryId);
        if (!result.ok) throw failureOf(result);
        return { categoryId: result.categoryId, concessions: result.concessions };
      },
    }),
    operation({
      method: 'put',
      path: '/api/v1/organiser/events/{eventId}/price-categories/{categoryId}/concessions',
      summary: 'Replace the category’s concessions (owner, manager): those left out are not offered; a companion rule only for ZŤP and ZŤP-S; a price above the category’s full price is 422 CONCESSION_ABOVE_FULL_PRICE; a played event’s are 409 EVENT_PLAYED. Lines already in carts keep their price',
      access: byEvent,
      body: categoryConcessionsSchema,
      answer: categoryConcessionsResultSchema,
      failures: ['CATEGORY_NOT_FOUND', 'CONCESSION_ABOVE_FULL_PRICE', 'EVENT_PLAYED'],
      handle: async ({ params, body, caller }) => {
        const { eventId, categoryId } = parseWith(priceCategoryParamSchema, params);
        const result = await setCategoryConcessions(caller.user.id, eventId, categoryId, body);
        if (!result.ok) throw failureOf(result);
        return { categoryId: result.categoryId, concessions: result.concessions };
      },
    }),
  ],
});
