// The failures of the organiser's coupons and redeem code batches.
import { failureRows, type FailureCodeOf } from '@/lib/server/api/failure-row';
import type { createCoupon, updateCoupon } from './organiser';
import type { createRedeemBatch } from './redeem-codes';

export type Codes = FailureCodeOf<typeof createCoupon> | FailureCodeOf<typeof updateCoupon> | FailureCodeOf<typeof createRedeemBatch>;

export const failures = failureRows({
  COUPON_CODE_TAKEN: { status: 409, key: 'organiser.codes.errors.codeTaken', field: 'code' },
  COUPON_EVENT_INVALID: { status: 422, key: 'organiser.codes.errors.eventInvalid', field: 'eventId' },
  COUPON_CATEGORY_INVALID: { status: 422, key: 'organiser.codes.errors.categoriesInvalid', field: 'ticketTypeCodes' },
  COUPON_CURRENCY_MISMATCH: { status: 422, key: 'organiser.codes.errors.currencyMismatch', field: 'currency' },
  COUPON_VALUE_INVALID: { status: 422, key: 'organiser.codes.errors.percentInvalid', field: 'value' },
  COUPON_WINDOW_INVALID: { status: 422, key: 'organiser.codes.errors.windowInvalid', field: 'validUntil' },
  REDEEM_CATEGORY_INVALID: { status: 422, key: 'organiser.codes.errors.categoryInvalid', field: 'categoryId' },
});
