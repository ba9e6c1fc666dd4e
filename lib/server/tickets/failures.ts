// The failures of tickets: claiming a redeem code and gifting a ticket. TICKET_NOT_FOUND, TICKET_LISTED,
// TICKET_NOT_TRANSFERABLE, TRANSFER_DISABLED and GIFT_TO_SELF are answered by season tickets and named
// tickets too: their rows stay in the central table (lib/server/api/failures.ts).
import { failureRows, type FailureCodeOf } from '@/lib/server/api/failure-row';
import type { cancelGift, giftTicket } from './gift';
import type { redeemCode } from './redeem';

export type Codes = FailureCodeOf<typeof giftTicket> | FailureCodeOf<typeof cancelGift> | FailureCodeOf<typeof redeemCode>;

export const failures = failureRows({
  INVALID_REDEEM_CODE: { status: 422, key: 'errors.invalidRedeemCode', field: 'code' },
  REDEEM_SOLD_OUT: { status: 409, key: 'redeem.errors.soldOut', field: 'code', answersAs: 'SOLD_OUT' },
  EVENT_STARTED: { status: 409, key: 'gift.errors.eventStarted' },
  GIFT_PENDING: { status: 409, key: 'gift.errors.pending' },
});
