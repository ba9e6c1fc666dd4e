// Seasons and season tickets in the OpenAPI document: the organiser's seasons and the fan's season sale and renewal.
import { announcementCreateSchema, announcementListSchema, announcementSchema } from '@/lib/schemas/notifications';
import { organisationQuerySchema } from '@/lib/schemas/organiser';
import { noBody } from '@/lib/schemas/primitives';
import { seasonHoldersQuerySchema, seasonHoldersSchema } from '@/lib/schemas/season-holders';
import { seasonReleasesQuerySchema, seasonReleasesSchema } from '@/lib/schemas/season-releases';
import {
  organiserSeasonAnswerSchema,
  organiserSeasonListSchema,
  renewalListSchema,
  seasonCreateSchema,
  seasonCategoriesSchema,
  seasonIdParamSchema,
  seasonMatchAddedSchema,
  seasonMatchSchema,
  seasonPatchSchema,
  seasonPaymentSchema,
  seasonPurchaseSchema,
  seasonRefParamSchema,
  seasonSaleSchema,
  seasonTicketIdParamSchema,
  seasonTransferResultSchema,
  seasonTransferSchema,
} from '@/lib/schemas/seasons';
import { z } from 'zod';
import { errorResponse, jsonBody, jsonResponse, parametersOf, type ApiPaths } from '../builder';
import { auth, invalid, notJson, unauthorized } from './common';
import { orgNotFound, roleForbidden } from './organiser';

const seasonId = parametersOf(seasonIdParamSchema, 'path');
const seasonRef = parametersOf(seasonRefParamSchema, 'path');
const forbidden = errorResponse('The caller’s role does not allow this (ROLE_FORBIDDEN), or a cross-site browser write (CROSS_SITE)');
const writeErrors = { 401: unauthorized, 403: forbidden, 404: orgNotFound, 415: notJson };
const payment = jsonResponse('{ orderId, paymentUrl }: pay like any order; the paid order issues a ticket for every remaining match', seasonPaymentSchema);
const saleErrors = {
  401: unauthorized,
  403: errorResponse('A cookie-authenticated change without X-XSRF-TOKEN, or cross-site (XSRF, CROSS_SITE)'),
  404: errorResponse('No such season (NOT_FOUND)'),
  409: errorResponse(
    'Outside the sale or renewal window (SEASON_NOT_ON_SALE), a seat not free at every remaining match or kept for last season’s holder until the renewal ends (SEASON_SEAT_TAKEN), nothing of the caller’s to renew (NOTHING_TO_RENEW)',
  ),
  415: notJson,
  422: invalid,
  503: errorResponse('No payment provider configured (PAYMENTS_UNAVAILABLE)'),
};

export const seasonPaths: ApiPaths = {
  '/api/v1/organiser/seasons': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary: "The organisation's seasons with their matches, season categories and prices, windows and holders (owner, manager)",
      parameters: parametersOf(organisationQuerySchema, 'query'),
      responses: { 200: jsonResponse('{ seasons }', organiserSeasonListSchema), 401: unauthorized, 403: roleForbidden, 404: orgNotFound, 422: invalid },
    },
    post: {
      tags: ['organiser'],
      security: auth,
      summary: 'Create a season at one of the organisation’s venues: sale window, renewal window (for the holders of renewsSeasonId), transfer policy, credit share of a released match (owner, manager)',
      requestBody: jsonBody(seasonCreateSchema),
      responses: {
        201: jsonResponse('{ season }', organiserSeasonAnswerSchema),
        ...writeErrors,
        422: errorResponse('Invalid input (VALIDATION), a window that ends before it opens (SEASON_WINDOW_INVALID)'),
      },
    },
  },
  '/api/v1/organiser/seasons/{seasonId}': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary: 'One season; another organisation’s is 404 (owner, manager)',
      parameters: seasonId,
      responses: { 200: jsonResponse('{ season }', organiserSeasonAnswerSchema), 401: unauthorized, 403: roleForbidden, 404: orgNotFound },
    },
    patch: {
      tags: ['organiser'],
      security: auth,
      summary: 'Change the season’s name, windows or policy (transfer, release share, how a cancelled match is refunded: cancelRefundMode payment = to the payment, credit = wallet credit with the club); only what is sent changes (owner, manager)',
      parameters: seasonId,
      requestBody: jsonBody(seasonPatchSchema),
      responses: { 200: jsonResponse('{ season }', organiserSeasonAnswerSchema), ...writeErrors, 422: errorResponse('Invalid input (VALIDATION, SEASON_WINDOW_INVALID)') },
    },
  },
  '/api/v1/organiser/seasons/{seasonId}/announcements': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary: 'The season’s announcements, newest first, each with its recipients and delivery counts (queued, sent, failed) — owner or manager; another organisation’s season is 404',
      parameters: seasonId,
      responses: { 200: jsonResponse('{ announcements }', announcementListSchema), 401: unauthorized, 403: roleForbidden, 404: orgNotFound },
    },
    post: {
      tags: ['organiser'],
      security: auth,
      summary:
        'Send a short message (sk/cs/en, at least one; an empty language shows another) to every current holder of a season ticket of the season, once each however many seats, by push or email per fan as their settings say, titled with the season and signed with the organisation; at most 3 an hour per season. Delivered by the notification queue at the organiser’s rate (owner, manager)',
      parameters: seasonId,
      requestBody: jsonBody(announcementCreateSchema),
      responses: {
        201: jsonResponse('The announcement, queued for every holder', announcementSchema),
        ...writeErrors,
        422: invalid,
        429: errorResponse('3 announcements of the season in the last hour (RATE_LIMITED); Retry-After says when the next may go'),
      },
    },
  },
  '/api/v1/organiser/seasons/{seasonId}/categories': {
    put: {
      tags: ['organiser'],
      security: auth,
      summary:
        'Save the season’s categories (name, colour, season-ticket price) and map every seated price category of its matches onto one (mapping[].category: an index into categories) or none. Categories with an id are updated, new ones added, the rest deleted; a price category not in mapping is unmapped and its seats are not on season sale. A seat is priced by the season category its price category at the first remaining match maps to (owner, manager)',
      parameters: seasonId,
      requestBody: jsonBody(seasonCategoriesSchema),
      responses: {
        200: jsonResponse('{ season }', organiserSeasonAnswerSchema),
        ...writeErrors,
        422: errorResponse('Invalid input (VALIDATION), a category of another season, a price category that is not a seated one of the season’s matches, or an index past the categories (SEASON_CATEGORY_INVALID)'),
      },
    },
  },
  '/api/v1/organiser/seasons/{seasonId}/matches': {
    post: {
      tags: ['organiser'],
      security: auth,
      summary:
        'Add a match of the organisation at the season’s venue; every holder is issued their ticket for it at once, exactly once (again is a no-op). missing: holders whose seat was not free at that match (owner, manager)',
      parameters: seasonId,
      requestBody: jsonBody(seasonMatchSchema),
      responses: {
        200: jsonResponse('{ season, issued, missing }', seasonMatchAddedSchema),
        ...writeErrors,
        422: errorResponse('Invalid input (VALIDATION), an event at another venue, of another organisation, cancelled or in another season (SEASON_MATCH_INVALID)'),
      },
    },
  },
  '/api/v1/organiser/seasons/{seasonId}/releases': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary:
        'Seats the season’s holders released for credit (newest first, at most 500; eventId: one match): match, seat, holder as "Jana N.", released at, status, credit granted; the totals; and the organisation’s wallet credit granted, spent and still owed per currency. Another organisation’s season is 404 (owner, manager)',
      parameters: [...seasonId, ...parametersOf(seasonReleasesQuerySchema, 'query')],
      responses: { 200: jsonResponse('{ currency, releases, more, totals, walletCredit }', seasonReleasesSchema), 401: unauthorized, 403: roleForbidden, 404: orgNotFound, 422: invalid },
    },
  },
  '/api/v1/organiser/seasons/{seasonId}/holders': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary:
        'The season’s holders for a renewal campaign: name, email, seat, season category, renewed (held the renewed-from season’s seat and bought this one), paid for the seat by their season order, accepts the club’s mail (email on for announcements); filters renewed=yes|no, category={seasonCategoryId}, mail=yes|no; and the whole season’s counts (last season’s holders, renewed, not yet renewed). Another organisation’s season is 404 (owner, manager)',
      parameters: [...seasonId, ...parametersOf(seasonHoldersQuerySchema, 'query')],
      responses: { 200: jsonResponse('{ currency, counts, holders }', seasonHoldersSchema), 401: unauthorized, 403: roleForbidden, 404: orgNotFound, 422: invalid },
    },
  },
  '/api/v1/organiser/seasons/{seasonId}/holders.csv': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary: 'The same holders (same filters) as a CSV download: UTF-8 with BOM, header in the request’s language, paid in major units beside the currency (owner, manager)',
      parameters: [...seasonId, ...parametersOf(seasonHoldersQuerySchema, 'query')],
      responses: {
        200: { description: 'The CSV file (Content-Disposition: attachment; filename {season slug}-holders-{date}.csv)', content: { 'text/csv': { schema: { type: 'string' } } } },
        401: unauthorized,
        403: roleForbidden,
        404: orgNotFound,
        422: invalid,
      },
    },
  },
  '/api/v1/seasons/renewals': {
    get: {
      tags: ['seasons'],
      security: auth,
      summary: 'The caller’s seats of last season they may renew now: one per season whose renewal window is open, with its price and when the window closes',
      responses: { 200: jsonResponse('{ renewals }', renewalListSchema), 401: unauthorized },
    },
  },
  '/api/v1/seasons/{seasonId}': {
    get: {
      tags: ['seasons'],
      summary:
        'A season’s ticket sale by id or slug: remaining matches, prices per category and each seat’s state for the caller (free at every remaining match, theirs to renew, reserved for last season’s holder, sold, taken)',
      parameters: seasonRef,
      responses: { 200: jsonResponse('{ season }', z.object({ season: seasonSaleSchema })), 404: errorResponse('No such season on sale (NOT_FOUND)') },
    },
  },
  '/api/v1/seasons/{seasonId}/purchase': {
    post: {
      tags: ['seasons'],
      security: auth,
      summary: 'Hold seats for the whole season (all or nothing over every remaining match, like any seat hold) and start the payment',
      parameters: seasonRef,
      requestBody: jsonBody(seasonPurchaseSchema),
      responses: { 200: payment, ...saleErrors },
    },
  },
  '/api/v1/seasons/{seasonId}/renewal': {
    post: {
      tags: ['seasons'],
      security: auth,
      summary: 'Renew the caller’s seat of last season while the renewal window is open: hold it for the whole season and start the payment',
      parameters: seasonRef,
      requestBody: jsonBody(noBody),
      responses: { 200: payment, ...saleErrors },
    },
  },
  '/api/v1/season-tickets/{id}/transfer': {
    post: {
      tags: ['seasons'],
      security: auth,
      summary:
        'Give the whole season ticket to the account that verified this email, if the season allows it: the season ticket (and next season’s renewal) and the caller’s tickets of it for coming matches move, each with a new code',
      parameters: parametersOf(seasonTicketIdParamSchema, 'path'),
      requestBody: jsonBody(seasonTransferSchema),
      responses: {
        200: jsonResponse('{ ok, toEmail, moved }', seasonTransferResultSchema),
        401: unauthorized,
        403: errorResponse('A cookie-authenticated change without X-XSRF-TOKEN, or cross-site (XSRF, CROSS_SITE)'),
        404: errorResponse('Not the caller’s season ticket (NOT_FOUND)'),
        409: errorResponse('The season does not allow it (TRANSFER_DISABLED), a match of it is on resale (TICKET_LISTED)'),
        415: notJson,
        422: errorResponse('Invalid input (VALIDATION), the caller’s own email (GIFT_TO_SELF), no account verified this email (SEASON_RECIPIENT_UNKNOWN)'),
      },
    },
  },
};
