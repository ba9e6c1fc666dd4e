// The organiser console's resale rules, coupons and redeem codes in the OpenAPI document.
import { eventIdParamSchema, organisationQuerySchema } from '@/lib/schemas/organiser';
import {
  couponCreateSchema,
  couponIdParamSchema,
  couponListSchema,
  couponPatchSchema,
  couponResultSchema,
  redeemBatchCreatedSchema,
  redeemBatchCreateSchema,
  redeemCodeIdParamSchema,
  redeemCodePatchSchema,
  redeemCodeResultSchema,
  redeemCsvQuerySchema,
  redeemListQuerySchema,
  redeemListSchema,
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
  '/api/v1/organiser/coupons': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary: "The organisation's coupons with their uses (owner, manager)",
      parameters: parametersOf(organisationQuerySchema, 'query'),
      responses: { 200: jsonResponse('{ coupons }', couponListSchema), 401: unauthorized, 403: roleForbidden, 404: orgNotFound, 422: invalid },
    },
    post: {
      tags: ['organiser'],
      security: auth,
      summary: 'Create a coupon: percent or fixed amount, for the organisation, one of its events or price categories of that event, with a validity window and limits (owner, manager)',
      requestBody: jsonBody(couponCreateSchema),
      responses: {
        201: jsonResponse('{ coupon }', couponResultSchema),
        ...writeErrors,
        409: errorResponse('Another coupon has this code (COUPON_CODE_TAKEN)'),
        422: errorResponse('Invalid input (VALIDATION), an event of another organisation (COUPON_EVENT_INVALID), unknown categories (COUPON_CATEGORY_INVALID), another currency than the event’s (COUPON_CURRENCY_MISMATCH)'),
      },
    },
  },
  '/api/v1/organiser/coupons/{couponId}': {
    patch: {
      tags: ['organiser'],
      security: auth,
      summary: "Change a coupon's value, window or limits; {active: false} deactivates it (the cart then refuses it like an unknown code). Another organisation's coupon is 404",
      parameters: parametersOf(couponIdParamSchema, 'path'),
      requestBody: jsonBody(couponPatchSchema),
      responses: { 200: jsonResponse('{ coupon }', couponResultSchema), ...writeErrors, 422: errorResponse('Invalid input (VALIDATION, COUPON_VALUE_INVALID, COUPON_WINDOW_INVALID)') },
    },
  },
  '/api/v1/organiser/redeem-codes': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary: "?organisation= — the organisation's redeem code batches with used/deactivated counts; ?batch= — one batch with every code, who used it and when (owner, manager)",
      parameters: parametersOf(redeemListQuerySchema, 'query'),
      responses: { 200: jsonResponse('{ batches } or { batch, codes }', redeemListSchema), 401: unauthorized, 403: roleForbidden, 404: orgNotFound, 422: invalid },
    },
    post: {
      tags: ['organiser'],
      security: auth,
      summary: 'Generate a batch of 1–5000 single-use codes (XXXX-XXXX-XXXX, cryptographically random), each granting one ticket of a price category (owner, manager)',
      requestBody: jsonBody(redeemBatchCreateSchema),
      responses: {
        201: jsonResponse('{ batch, codes }', redeemBatchCreatedSchema),
        ...writeErrors,
        422: errorResponse('Invalid input (VALIDATION), or a category of another event (REDEEM_CATEGORY_INVALID)'),
      },
    },
  },
  '/api/v1/organiser/redeem-codes/{codeId}': {
    patch: {
      tags: ['organiser'],
      security: auth,
      summary: '{active: false} deactivates a redeem code: the fan’s redeem then refuses it like an invalid code; {active: true} turns it back on (owner, manager)',
      parameters: parametersOf(redeemCodeIdParamSchema, 'path'),
      requestBody: jsonBody(redeemCodePatchSchema),
      responses: { 200: jsonResponse('{ code }', redeemCodeResultSchema), ...writeErrors, 422: invalid },
    },
  },
  '/api/v1/organiser/redeem-codes.csv': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary: "A batch's codes as a CSV download (UTF-8 with BOM; translated header: code, category, valid until, used at, used by email, active) (owner, manager)",
      parameters: parametersOf(redeemCsvQuerySchema, 'query'),
      responses: {
        200: { description: 'The CSV file (Content-Disposition: attachment)', content: { 'text/csv': { schema: { type: 'string' } } } },
        401: unauthorized,
        403: roleForbidden,
        404: orgNotFound,
        422: invalid,
      },
    },
  },
};
