// Cart and checkout endpoints in the OpenAPI document.
import { z } from 'zod';
import { cartItemIdSchema, cartItemsSchema, cartSchema, checkoutResultSchema, checkoutSchema, couponSchema } from '@/lib/schemas/cart';
import { eventIdParamSchema } from '@/lib/schemas/events';
import { errorResponse, jsonBody, jsonResponse, parametersOf, type ApiPaths } from '../builder';
import { auth, crossSite, notJson, tooMany, unauthorized } from './common';

const eventId = parametersOf(eventIdParamSchema, 'path');
const noEvent = errorResponse('Unknown event (EVENT_NOT_FOUND)');
const cart = jsonResponse('The cart now', cartSchema);

export const cartPaths: ApiPaths = {
  '/api/v1/events/{id}/cart': {
    get: {
      tags: ['cart'],
      security: auth,
      summary: "The caller's cart for the event: items, when the hold runs out, coupon, totals. Never cached",
      parameters: eventId,
      responses: { 200: cart, 401: unauthorized, 404: noEvent },
    },
  },
  '/api/v1/events/{id}/cart/items': {
    post: {
      tags: ['cart'],
      security: auth,
      summary: 'Hold seats, a number of standing places, or a resale listing in the cart, all or nothing; the hold runs for the event’s reservation time',
      parameters: eventId,
      requestBody: jsonBody(cartItemsSchema),
      responses: {
        200: cart,
        401: unauthorized,
        403: errorResponse('Cross-site request, or the priority window for loyal fans is on and the caller has too few of the organiser’s points (PRIORITY_ONLY; the message says when sales open for them)'),
        404: errorResponse('Unknown event or price category'),
        409: errorResponse(
          'Not on sale (NOT_ON_SALE), not yet for the caller (NOT_ON_SALE_YET; the message says when), sold out (SOLD_OUT), over the per-order or per-fan limit (LIMIT_PER_ORDER, LIMIT_PER_USER; the limit is in the message), or seats taken (SEAT_TAKEN: one entry per seat in `errors`, with `field: seatIds` and the seat’s `id`); a resale listing just sold or held by someone else (LISTING_SOLD) or the caller’s own (OWN_LISTING)',
        ),
        415: notJson,
        422: errorResponse('Invalid selection (VALIDATION)'),
      },
    },
  },
  '/api/v1/events/{id}/cart/items/{itemId}': {
    delete: {
      tags: ['cart'],
      security: auth,
      summary: 'Take one ticket out of the cart; it returns to sale at once',
      parameters: parametersOf(z.object({ id: eventIdParamSchema.shape.id, itemId: cartItemIdSchema }), 'path'),
      responses: { 200: cart, 401: unauthorized, 403: crossSite, 404: errorResponse('No such line in your cart (ITEM_NOT_FOUND)') },
    },
  },
  '/api/v1/events/{id}/cart/coupon': {
    post: {
      tags: ['cart'],
      security: auth,
      summary: 'Apply a discount code to the cart; guesses are limited per fan',
      parameters: eventId,
      requestBody: jsonBody(couponSchema),
      responses: {
        200: cart,
        401: unauthorized,
        403: crossSite,
        404: noEvent,
        415: notJson,
        422: errorResponse('Unknown code (INVALID_DISCOUNT_CODE), expired (DISCOUNT_CODE_EXPIRED) or used up (DISCOUNT_CODE_USED_UP)'),
        429: tooMany,
      },
    },
    delete: {
      tags: ['cart'],
      security: auth,
      summary: 'Remove the discount code from the cart',
      parameters: eventId,
      responses: { 200: cart, 401: unauthorized, 403: crossSite, 404: noEvent },
    },
  },
  '/api/v1/events/{id}/checkout': {
    post: {
      tags: ['orders'],
      security: auth,
      summary:
        "Turn the caller's cart into an order and start its payment; open paymentUrl to pay (returnTo app: the provider returns to the app's payment redirect). When wallet credit, loyalty points or a coupon cover the whole total, no payment is started: the order is paid at once (paid: true) and paymentUrl is the order's page (or the app's payment redirect)",
      parameters: eventId,
      requestBody: jsonBody(checkoutSchema),
      responses: {
        200: jsonResponse('The order and where to pay it (or, when nothing is left to pay, where to see it paid)', checkoutResultSchema),
        401: unauthorized,
        403: crossSite,
        404: noEvent,
        409: errorResponse('Nothing in the cart to pay (CART_EMPTY), or the loyalty points the cart pays with were spent meanwhile (LOYALTY_POINTS_CHANGED: the cart now shows what is left)'),
        415: notJson,
        422: errorResponse('Terms not accepted (VALIDATION), or the coupon no longer applies (INVALID_DISCOUNT_CODE, DISCOUNT_CODE_EXPIRED, DISCOUNT_CODE_USED_UP)'),
        503: errorResponse('No payment provider is configured (PAYMENTS_UNAVAILABLE)'),
      },
    },
  },
};
