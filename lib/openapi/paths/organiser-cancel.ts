// The organiser's season cancellation (lib/server/events/cancel.ts) in the OpenAPI document.
import { cancelSeasonResultSchema } from '@/lib/schemas/organiser-cancel';
import { seasonIdParamSchema } from '@/lib/schemas/seasons';
import { errorResponse, jsonResponse, parametersOf, type ApiPaths } from '../builder';
import { auth, unauthorized } from './common';
import { orgNotFound } from './organiser';

export const organiserCancelPaths: ApiPaths = {
  '/api/v1/organiser/seasons/{seasonId}/cancel': {
    post: {
      tags: ['organiser'],
      security: auth,
      summary:
        "Cancel a whole season (owner or manager). Its sale and renewal close now, and every match not yet played is cancelled as by …/events/{eventId}/cancel: each season ticket gets back the share of its price of every such match (to the payment, or as wallet credit when the season gives credit), once; the matches played stay paid. No body.",
      parameters: parametersOf(seasonIdParamSchema, 'path'),
      responses: {
        200: jsonResponse('The matches cancelled', cancelSeasonResultSchema),
        401: unauthorized,
        403: errorResponse('The caller is a scanner of the organisation (ROLE_FORBIDDEN), or a browser sent it from another site or without X-XSRF-TOKEN (CROSS_SITE)'),
        404: orgNotFound,
        409: errorResponse('Every match of the season has been played or cancelled (SEASON_NOTHING_TO_CANCEL)'),
      },
    },
  },
};
