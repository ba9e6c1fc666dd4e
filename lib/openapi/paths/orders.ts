// Orders and payment notices in the OpenAPI document.
import { z } from 'zod';
import { orderListQuerySchema, orderListSchema, orderSchema, providerParamSchema, webhookResultSchema } from '@/lib/schemas/orders';
import { errorResponse, jsonResponse, parametersOf, type ApiPaths } from '../builder';
import { auth, unauthorized } from './common';

export const orderPaths: ApiPaths = {
  '/api/v1/orders': {
    get: {
      tags: ['orders'],
      security: auth,
      summary: "The caller's own orders, newest first, 20 a page (limit up to 50); nextCursor fetches the older ones. Never cached",
      parameters: parametersOf(orderListQuerySchema, 'query'),
      responses: {
        200: jsonResponse('A page of orders', orderListSchema),
        401: unauthorized,
        422: errorResponse('A cursor that is no page end, or a bad limit (INVALID_CURSOR, VALIDATION)'),
      },
    },
  },
  '/api/v1/orders/{id}': {
    get: {
      tags: ['orders'],
      security: auth,
      summary: "One of the caller's orders: status (paid / pending / failed), items, the receipt's lines (tickets, discount, each fee) that add up to total, refunds. Never cached",
      parameters: parametersOf(z.object({ id: z.uuid() }), 'path'),
      responses: { 200: jsonResponse('The order', orderSchema), 401: unauthorized, 404: errorResponse("Not one of the caller's orders (ORDER_NOT_FOUND)") },
    },
  },
  '/api/v1/payments/{provider}/webhook': {
    post: {
      tags: ['orders'],
      summary: "A payment provider's signed notice (Stripe, or the built-in test gateway while it is the active provider); idempotent per provider event id",
      parameters: parametersOf(providerParamSchema, 'path'),
      requestBody: {
        required: true,
        description: "The provider's own notice, verified with its signature header",
        content: { 'application/json': { schema: { type: 'object' } } },
      },
      responses: {
        200: jsonResponse('Taken (a repeat is `duplicate`)', webhookResultSchema),
        400: errorResponse('Bad signature (BAD_SIGNATURE)'),
        404: errorResponse('Unknown or inactive provider (NOT_FOUND)'),
      },
    },
  },
};
