// The organiser's event cancellation (lib/server/organiser/cancel.ts) in the OpenAPI document.
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import { cancelEventResultSchema } from '@/lib/schemas/organiser-cancel';
import { errorResponse, jsonResponse, parametersOf, type ApiPaths } from '../builder';
import { auth, unauthorized } from './common';
import { orgNotFound } from './organiser';

export const organiserCancelPaths: ApiPaths = {
  '/api/v1/organiser/events/{eventId}/cancel': {
    post: {
      tags: ['organiser'],
      security: auth,
      summary:
        'Cancel a published event (owner or manager). Sales stop at once and open carts end; every paid order is refunded through the provider it was paid with, exactly once, its tickets voided, live resale listings withdrawn, pending seller payouts cancelled, and every holder mailed in their language. Idempotent: an event already cancelled answers 200 with its state. The refunds go on in the background when there are many (progress.ordersWaiting), also after a restart. No body.',
      parameters: parametersOf(eventIdParamSchema, 'path'),
      responses: {
        200: jsonResponse('The event, cancelled, and how far its refunds are', cancelEventResultSchema),
        401: unauthorized,
        403: errorResponse('The caller is a scanner of the organisation (ROLE_FORBIDDEN), or a browser sent it from another site or without X-XSRF-TOKEN (CROSS_SITE)'),
        404: orgNotFound,
        409: errorResponse('A draft that sold nothing has nothing to cancel (EVENT_IS_DRAFT); one unpublished after selling is cancelled like any event'),
      },
    },
  },
};
