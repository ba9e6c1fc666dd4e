// Releasing one match of a season ticket for credit (issue 18 item 3); the Tribuna wallet is lib/server/wallet/module.ts.
import { okSchema } from '@/lib/schemas/primitives';
import { ticketIdParamSchema } from '@/lib/schemas/tickets';
import { releaseRequestSchema, releaseResultSchema } from '@/lib/schemas/wallet';
import { errorResponse, jsonBody, jsonResponse, parametersOf, type ApiPaths } from '../builder';
import { auth, crossSite, notJson, unauthorized } from './common';

const ticketId = parametersOf(ticketIdParamSchema, 'path');

export const walletPaths: ApiPaths = {
  '/api/v1/tickets/{id}/release': {
    post: {
      tags: ['tickets'],
      security: auth,
      summary:
        "A season-ticket holder releases their seat for this one match to the club's primary sale (fans on the waiting list are offered it first). When it sells, the holder's wallet with the club is credited the season's share of the face value, once; until then they may take it back, and unsold at the sale's close it stays theirs",
      parameters: ticketId,
      requestBody: jsonBody(releaseRequestSchema),
      responses: {
        201: jsonResponse('The release, with the credit it brings if sold', releaseResultSchema),
        401: unauthorized,
        403: crossSite,
        404: errorResponse('Not your ticket (NOT_FOUND)'),
        409: errorResponse('Not a season ticket of yours (NOT_SEASON_TICKET), already released (ALREADY_RELEASED), listed/used/gift pending (TICKET_NOT_RELEASABLE), the match’s sale closed (RELEASE_CLOSED), the share changed (RELEASE_SHARE_CHANGED)'),
        415: notJson,
        422: errorResponse('Invalid sharePercent (VALIDATION)'),
      },
    },
    delete: {
      tags: ['tickets'],
      security: auth,
      summary: 'Take a released seat back while nobody has bought it: the ticket is valid again',
      parameters: ticketId,
      responses: {
        200: jsonResponse('{ ok }', okSchema),
        401: unauthorized,
        403: crossSite,
        404: errorResponse('Not your ticket (NOT_FOUND)'),
        409: errorResponse('Not released (NOT_RELEASED), or a fan has it in their cart right now (RELEASE_IN_CART)'),
      },
    },
  },
};
