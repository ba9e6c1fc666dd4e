import 'server-only';
// Coupons and redeem codes over the API: the organiser console's coupons (percent or fixed, with their
// uses) and redeem code batches (with their codes, uses and a CSV export). The fan's side is the cart's
// coupon (lib/server/cart) and the redeem of a code (lib/server/tickets).
import { defineModule, operation } from '@/lib/server/api/operation';
import { requestLocale } from '@/lib/server/api/request-locale';
import { failureOf, parseWith } from '@/lib/server/api/respond';
import { translator } from '@/lib/server/api/translate';
import { EXPORT_FORMATS } from '@/lib/schemas/reports-live';
import { batchesOf, exportFile, exportResponse, type ExportColumnKind } from '@/lib/server/reports/export-file';
import { organisationQuerySchema } from '@/lib/schemas/organiser';
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
} from '@/lib/schemas/organiser-codes';
import { createCoupon, listCoupons, updateCoupon } from './organiser';
import { createRedeemBatch, listRedeemBatches, redeemBatchCodes, redeemBatchCsv, setRedeemCodeActive } from './redeem-codes';
import { log } from '@/lib/server/ops/log';


export default defineModule({
  name: 'coupons',
  operations: [
    operation({
      method: 'get',
      path: '/api/v1/organiser/coupons',
      summary: "The organisation's coupons with their uses (owner, manager)",
      access: { capability: 'events', owner: 'organisation', query: 'organisation' },
      query: organisationQuerySchema,
      answer: couponListSchema,
      failures: [],
      handle: async ({ request, query, caller }) => {
        const result = await listCoupons(caller.user.id, query.organisation, requestLocale(request));
        if (!result.ok) throw failureOf(result);
        return { coupons: result.coupons };
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/organiser/coupons',
      summary:
        'Create a coupon: percent or fixed amount, for the organisation, one of its events or price categories of that event, with a validity window and limits (owner, manager)',
      // The organisation is in the body: createCoupon decides with the access table (events).
      access: 'signed-in',
      body: couponCreateSchema,
      answer: couponResultSchema,
      status: 201,
      failures: ['ORG_NOT_FOUND', 'ROLE_FORBIDDEN', 'COUPON_CODE_TAKEN', 'COUPON_EVENT_INVALID', 'COUPON_CATEGORY_INVALID', 'COUPON_CURRENCY_MISMATCH'],
      handle: async ({ request, body, caller }) => {
        const result = await createCoupon(caller.user.id, body, requestLocale(request));
        if (!result.ok) throw failureOf(result);
        return { coupon: result.coupon };
      },
    }),
    operation({
      method: 'patch',
      path: '/api/v1/organiser/coupons/{couponId}',
      summary: "Change a coupon's value, window or limits; {active: false} deactivates it (the cart then refuses it like an unknown code). Another organisation's coupon is 404",
      access: { capability: 'events', owner: 'coupon', param: 'couponId' },
      body: couponPatchSchema,
      answer: couponResultSchema,
      failures: ['COUPON_VALUE_INVALID', 'COUPON_WINDOW_INVALID'],
      handle: async ({ request, params, body, caller }) => {
        const { couponId } = parseWith(couponIdParamSchema, params);
        const result = await updateCoupon(caller.user.id, couponId, body, requestLocale(request));
        if (!result.ok) throw failureOf(result);
        return { coupon: result.coupon };
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/organiser/redeem-codes',
      summary:
        "?organisation= — the organisation's redeem code batches with used/deactivated counts; ?batch= — one batch with every code, who used it and when (owner, manager)",
      // The organisation or the batch, whichever the query names: the domain functions decide with the access table (events).
      access: 'signed-in',
      query: redeemListQuerySchema,
      answer: redeemListSchema,
      failures: ['ORG_NOT_FOUND', 'ROLE_FORBIDDEN'],
      handle: async ({ request, query, caller }) => {
        const locale = requestLocale(request);
        if (query.batch) {
          const result = await redeemBatchCodes(caller.user.id, query.batch, locale);
          if (!result.ok) throw failureOf(result);
          return { batch: result.batch, codes: result.codes };
        }
        const result = await listRedeemBatches(caller.user.id, query.organisation!, locale);
        if (!result.ok) throw failureOf(result);
        return { batches: result.batches };
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/organiser/redeem-codes',
      summary:
        'Generate a batch of 1–5000 single-use codes (XXXX-XXXX-XXXX, cryptographically random), each granting one ticket of a price category (owner, manager)',
      // The event is in the body: createRedeemBatch decides with the access table (events).
      access: 'signed-in',
      body: redeemBatchCreateSchema,
      answer: redeemBatchCreatedSchema,
      status: 201,
      failures: ['ORG_NOT_FOUND', 'ROLE_FORBIDDEN', 'REDEEM_CATEGORY_INVALID'],
      handle: async ({ request, body, caller }) => {
        const result = await createRedeemBatch(caller.user.id, body, requestLocale(request));
        if (!result.ok) throw failureOf(result);
        return { batch: result.batch, codes: result.codes };
      },
    }),
    operation({
      method: 'patch',
      path: '/api/v1/organiser/redeem-codes/{codeId}',
      summary: '{active: false} deactivates a redeem code: the fan’s redeem then refuses it like an invalid code; {active: true} turns it back on (owner, manager)',
      // A code's organisation is its event's: setRedeemCodeActive decides with the access table (events).
      access: 'signed-in',
      body: redeemCodePatchSchema,
      answer: redeemCodeResultSchema,
      failures: ['ORG_NOT_FOUND', 'ROLE_FORBIDDEN', 'VALIDATION'],
      handle: async ({ params, body, caller }) => {
        const { codeId } = parseWith(redeemCodeIdParamSchema, params);
        const result = await setRedeemCodeActive(caller.user.id, codeId, body.active);
        if (!result.ok) throw failureOf(result);
        return { code: result.code };
      },
    }),
    ...EXPORT_FORMATS.map((format) =>
      operation({
        method: 'get',
        path: `/api/v1/organiser/redeem-codes.${format}`,
        summary: `A batch's codes as a ${format === 'csv' ? 'CSV (UTF-8 with BOM, semicolons in Slovak and Czech)' : 'Excel'} download, streamed (translated header: code, category, valid until, used at, used by email, active; times in local time) (owner, manager)`,
        // The batch is named by the query: redeemBatchCsv decides with the access table (events).
        access: 'signed-in',
        query: redeemCsvQuerySchema,
        answer: { type: format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', description: 'The file (Content-Disposition: attachment)' },
        failures: ['ORG_NOT_FOUND', 'ROLE_FORBIDDEN'],
        handle: async ({ request, query, caller }) => {
          const { batch } = query;
          const locale = requestLocale(request);
          const t = translator(locale);
          const k = 'organiser.codes.csv';
          const result = await redeemBatchCsv(caller.user.id, batch, locale, { yes: t(`${k}.yes`), no: t(`${k}.no`) });
          if (!result.ok) throw failureOf(result);
          const kinds: Record<string, ExportColumnKind> = { expiresAt: 'time', usedAt: 'time' };
          const columns = (['code', 'category', 'expiresAt', 'usedAt', 'usedByEmail', 'active'] as const).map((key) => ({ key, header: t(`${k}.${key}`), kind: kinds[key] ?? 'text' }));
          return exportResponse(
            exportFile({ format, name: result.name, sheet: t('organiser.codes.title'), columns, batches: batchesOf(result.rows()), locale, what: `redeem codes of batch ${batch}` }),
          );
        },
      }),
    ),
  ],
});
