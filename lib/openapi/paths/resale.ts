// Resale buying (the event page's offers) in the OpenAPI document.
import { eventIdParamSchema } from '@/lib/schemas/events';
import { myListingsSchema } from '@/lib/schemas/resale';
import { errorResponse, jsonResponse, parametersOf, type ApiPaths } from '../builder';
import { auth, unauthorized } from './common';

export const resalePaths: ApiPaths = {
  '/api/v1/events/{id}/my-listings': {
    get: {
      tags: ['tickets'],
      security: auth,
      summary:
        "The caller's own resale listings on sale for the event: the offers of availability that are theirs to manage (withdraw in Your tickets), not to buy. Adding one to the cart answers 409 OWN_LISTING; one bought or held by someone else, 409 LISTING_SOLD",
      parameters: parametersOf(eventIdParamSchema, 'path'),
      responses: { 200: jsonResponse('{ listings }', myListingsSchema), 401: unauthorized, 404: errorResponse('Unknown or unpublished event (NOT_FOUND)') },
    },
  },
};
