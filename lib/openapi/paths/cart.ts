// Paying a cart with loyalty points in the OpenAPI document (the rest of the cart is lib/server/cart/module.ts).
import { cartPointsSchema, cartSchema } from '@/lib/schemas/cart';
import { eventIdParamSchema } from '@/lib/schemas/events';
import { errorResponse, jsonBody, jsonResponse, parametersOf, type ApiPaths } from '../builder';
import { auth, crossSite, notJson, unauthorized } from './common';

const eventId = parametersOf(eventIdParamSchema, 'path');
const noEvent = errorResponse('Unknown event (EVENT_NOT_FOUND)');
const cart = jsonResponse('The cart now', cartSchema);

export const cartPaths: ApiPaths = {
  '/api/v1/events/{id}/cart/loyalty': {
    put: {
      tags: ['cart'],
      security: auth,
      summary: 'Pay part of the cart with the organiser’s loyalty points: up to `points` (the cart answers how many it takes, at most the organiser’s share of its tickets). Deducted at checkout, given back if the order is not paid or is refunded',
      parameters: eventId,
      requestBody: jsonBody(cartPointsSchema),
      responses: {
        200: cart,
        401: unauthorized,
        403: crossSite,
        404: noEvent,
        409: errorResponse('Nothing in the cart (CART_EMPTY), the organiser takes no points (LOYALTY_REDEEM_OFF), or the caller has none of theirs (LOYALTY_NO_POINTS)'),
        415: notJson,
        422: errorResponse('Not a whole number of points from 0 (VALIDATION)'),
      },
    },
    delete: {
      tags: ['cart'],
      security: auth,
      summary: 'Pay with no loyalty points',
      parameters: eventId,
      responses: { 200: cart, 401: unauthorized, 403: crossSite, 404: noEvent },
    },
  },
};
