// The organiser console's organisation settings, coupons and redeem codes in the OpenAPI document.
import { organisationQuerySchema, orgIdParamSchema } from '@/lib/schemas/organiser';
import {
  couponCreateSchema,
  couponIdParamSchema,
  couponListSchema,
  couponPatchSchema,
  couponResultSchema,
  orgSettingsPatchSchema,
  orgSettingsSchema,
  redeemBatchCreatedSchema,
  redeemBatchCreateSchema,
  redeemCodeIdParamSchema,
  redeemCodePatchSchema,
  redeemCodeResultSchema,
  redeemCsvQuerySchema,
  redeemListQuerySchema,
  redeemListSchema,
} from '@/lib/schemas/organiser-codes';
import { errorResponse, jsonBody, jsonResponse, parametersOf, type ApiPaths } from '../builder';
import { auth, invalid, notJson, unauthorized } from './common';
import { orgNotFound, roleForbidden } from './organiser';

/** A member whose role does not allow it, or a browser write from another site. */
const forbidden = errorResponse('The caller’s role does not allow this (ROLE_FORBIDDEN), or a cross-site browser write (CROSS_SITE)');
const writeErrors = { 401: unauthorized, 403: forbidden, 404: orgNotFound, 415: notJson };

export const organiserCodesPaths: ApiPaths = {
  '/api/v1/organiser/organisations/{orgId}/settings': {
    get: {
      tags: ['organiser'],
      security: auth,
      summary: "The organisation's name, contacts and the resale rules its new events start with (owner, manager)",
      parameters: parametersOf(orgIdParamSchema, 'path'),
      responses: { 200: jsonResponse('The settings', orgSettingsSchema), 401: unauthorized, 403: roleForbidden, 404: orgNotFound },
    },
    patch: {
      tags: ['organiser'],
      security: auth,
      summary: 'Change the name, website, contact email or default resale rules; only what is sent changes (owner, manager)',
      parameters: parametersOf(orgIdParamSchema, 'path'),
      requestBody: jsonBody(orgSettingsPatchSchema),
      responses: { 200: jsonResponse('The settings', orgSettingsSchema), ...writeErrors, 422: invalid },
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
