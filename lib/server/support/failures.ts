// The failures of the support desk and the audit log. Another organisation's order or ticket answers like
// one that does not exist (404); a scanner is ROLE_FORBIDDEN (403, central).
import { failureRows, type FailureCodeOf } from '@/lib/server/api/failure-row';
import type { moveTicket, refundOrder, refundTicket, resendOrderMail, voidTicket } from './actions';
import type { exportAuditLog, readAuditLog } from './audit-log';
import type { searchOrders, supportEvents, supportOrder } from './desk';

export type Codes =
  | FailureCodeOf<typeof searchOrders>
  | FailureCodeOf<typeof supportEvents>
  | FailureCodeOf<typeof supportOrder>
  | FailureCodeOf<typeof resendOrderMail>
  | FailureCodeOf<typeof moveTicket>
  | FailureCodeOf<typeof voidTicket>
  | FailureCodeOf<typeof refundTicket>
  | FailureCodeOf<typeof refundOrder>
  | FailureCodeOf<typeof readAuditLog>
  | FailureCodeOf<typeof exportAuditLog>;

export const failures = failureRows({
  SUPPORT_ORDER_NOT_FOUND: { status: 404, key: 'support.errors.orderNotFound', answersAs: 'NOT_FOUND' },
  SUPPORT_TICKET_NOT_FOUND: { status: 404, key: 'support.errors.ticketNotFound', answersAs: 'NOT_FOUND' },
  /** Only a paid order's confirmation or a refunded order's notice can be sent again. */
  SUPPORT_ORDER_NOT_PAID: { status: 409, key: 'support.errors.orderNotPaid' },
  /** The buyer's account has no address any more (removed). */
  SUPPORT_NO_ADDRESS: { status: 409, key: 'support.errors.noAddress' },
  /** A ticket moves only to an account that has verified the address. */
  SUPPORT_NO_ACCOUNT: { status: 409, key: 'support.errors.noAccount', field: 'email' },
  SUPPORT_SAME_HOLDER: { status: 422, key: 'support.errors.sameHolder', field: 'email' },
  SUPPORT_TICKET_VOID: { status: 409, key: 'support.errors.ticketVoid' },
  /** Checked in, released or otherwise no longer a valid ticket. */
  SUPPORT_TICKET_NOT_VALID: { status: 409, key: 'support.errors.ticketNotValid' },
  /** Checked in, void, bought on resale, a season ticket's match, its event cancelled, or an order not paid with money. */
  SUPPORT_NOT_REFUNDABLE: { status: 409, key: 'support.errors.notRefundable' },
  SUPPORT_ALREADY_REFUNDED: { status: 409, key: 'support.errors.alreadyRefunded' },
  /** More than what remains refundable of the order's payment. */
  SUPPORT_REFUND_EXCEEDS_PAID: { status: 422, key: 'support.errors.refundExceedsPaid', field: 'amount' },
});
