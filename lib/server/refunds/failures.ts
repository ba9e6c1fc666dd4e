// The failures of part refunds, postponement and fans cancelling their own tickets (lib/server/refunds).
import { failureRows, type FailureCodeOf } from '@/lib/server/api/failure-row';
import type { refundAmount, refundTickets } from './core';
import type { postponeEvent } from './postpone';
import type { refundOffer, requestRefund } from './self-service';

export type Codes =
  | FailureCodeOf<typeof refundTickets>
  | FailureCodeOf<typeof refundAmount>
  | FailureCodeOf<typeof refundOffer>
  | FailureCodeOf<typeof requestRefund>
  | FailureCodeOf<typeof postponeEvent>;

export const failures = failureRows({
  /** Checked in, void, a season ticket's match, bought on resale or given by someone else, or its event cancelled. */
  TICKET_NOT_REFUNDABLE: { status: 409, key: 'refunds.errors.notRefundable' },
  /** Refunded already (each ticket goes back once). */
  TICKET_ALREADY_REFUNDED: { status: 409, key: 'refunds.errors.alreadyRefunded' },
  /** The organiser does not let fans cancel tickets of this event. */
  SELF_CANCEL_NOT_ALLOWED: { status: 409, key: 'refunds.errors.selfCancelNotAllowed' },
  /** Too close to the start: fans may cancel only up to the organiser's hours before. */
  SELF_CANCEL_CLOSED: { status: 409, key: 'refunds.errors.selfCancelClosed' },
  /** The event was postponed and the refund deadline has passed: the ticket stays valid for the new date. */
  REFUND_DEADLINE_PASSED: { status: 409, key: 'refunds.errors.deadlinePassed' },
  /** Not paid, or paid without money. */
  ORDER_NOT_REFUNDABLE: { status: 409, key: 'refunds.errors.orderNotRefundable' },
  /** More than remains refundable of the payment. */
  REFUND_EXCEEDS_PAID: { status: 422, key: 'refunds.errors.exceedsPaid', field: 'amount' },
  EVENT_NOT_POSTPONABLE: { status: 409, key: 'refunds.errors.notPostponable' },
  POSTPONE_START_INVALID: { status: 422, key: 'refunds.errors.startsAt', field: 'startsAt' },
  REFUND_DEADLINE_INVALID: { status: 422, key: 'refunds.errors.refundDeadline', field: 'refundDeadline' },
});
