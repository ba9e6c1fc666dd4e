// The failures of orders: checkout and the caller's orders.
import { failureRows, type FailureCodeOf } from '@/lib/server/api/failure-row';
import type { checkout } from './checkout';
import type { listMyOrders } from './list';

export type Codes = FailureCodeOf<typeof checkout> | FailureCodeOf<typeof listMyOrders> | 'ORDER_NOT_FOUND';

export const failures = failureRows({
  /** GET /api/v1/orders/{id}: not one of the caller's orders (or no order at all). */
  ORDER_NOT_FOUND: { status: 404, key: 'errors.notFound' },
  PAYMENTS_UNAVAILABLE: { status: 503, key: 'checkout.paymentsUnavailable' },
  /** GET /api/v1/orders: a cursor that is no page's end. */
  INVALID_CURSOR: { status: 422, key: 'errors.invalidInput', field: 'cursor' },
});
