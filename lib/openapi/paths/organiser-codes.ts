// The organiser console's resale rules and organisation settings in the OpenAPI document (coupons and redeem codes: lib/server/coupons/module.ts).
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import {
  resalePolicyResultSchema,
  resalePolicySchema,
  resalePolicyViewSchema,
  resalePreviewSchema,
} from '@/lib/schemas/organiser-codes';
import { errorResponse, jsonBody, jsonResponse, parametersOf, type ApiPaths } from '../builder';
import { auth, invalid, notJson, unauthorized } from './common';
import { orgNotFound, roleForbidden } from './organiser';

const eventId = parametersOf(eventIdParamSchema, 'path');
/** A member whose role does not allow it, or a browser write from another site. */
const forbidden = errorResponse('The caller’s role does not allow this (ROLE_FORBIDDEN), or a cross-site browser write (CROSS_SITE)');
const writeErrors = { 401: unauthorized, 403: forbidden, 404: orgNotFound, 415: notJson };

export const organiserCodesPaths: ApiPaths = {
  '/api/v1/organiser/events/{eventId}/resale-policy': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary: "The event's resale and gifting rules (owner, manager), with how many listings are on sale now",
      parameters: eventId,
      responses: { 200: jsonResponse('{ policy, currency, activeListings }', resalePolicyViewSchema), 401: unauthorized, 403: roleForbidden, 404: orgNotFound },
    },
    put: {
      tags: ['organiser'],
      security: auth,
      summary:
        "Set the event's resale and gifting rules (owner, manager), with the organiser's share of the resale fees (0–100 %, fixed on each resale when it sells, paid with the settlement). Every live listing the new rules forbid (all when resale is off, else those over their ticket's new cap) is withdrawn at once — also one held in a buyer's cart — and its seller is emailed in their language",
      parameters: eventId,
      requestBody: jsonBody(resalePolicySchema),
      responses: { 200: jsonResponse('{ policy, withdrawn }', resalePolicyResultSchema), ...writeErrors, 422: invalid },
    },
  },
  '/api/v1/organiser/events/{eventId}/resale-policy/preview': {
    post: {
      tags: ['organiser'],
      security: auth,
      summary: 'How many live listings saving these rules would withdraw; changes nothing (owner, manager)',
      parameters: eventId,
      requestBody: jsonBody(resalePolicySchema),
      responses: { 200: jsonResponse('{ activeListings, withdraw }', resalePreviewSchema), ...writeErrors, 422: invalid },
    },
  },
};
