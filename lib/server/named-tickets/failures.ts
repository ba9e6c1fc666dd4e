// The failures of named tickets (risk matches, Slovak act 1/2014).
import { failureRows, type FailureCodeOf } from '@/lib/server/api/failure-row';
import type { getCartHolders, setCartHolders } from './holders';
import type { getNamedTickets, setNamedTickets } from './settings';
import type { nameTicket } from './ticket-holder';

export type Codes =
  | FailureCodeOf<typeof getCartHolders>
  | FailureCodeOf<typeof setCartHolders>
  | FailureCodeOf<typeof nameTicket>
  | FailureCodeOf<typeof getNamedTickets>
  | FailureCodeOf<typeof setNamedTickets>
  /** Checkout's (orders/checkout.ts). */
  | 'HOLDER_NAMES_MISSING';

export const failures = failureRows({
  /** Checkout of a cart with a named line whose holder is not given yet. */
  HOLDER_NAMES_MISSING: { status: 409, key: 'namedTickets.errors.namesMissing' },
  /** A holder for a line or ticket that is not named: no personal data where the law does not ask for it. */
  HOLDER_NOT_NEEDED: { status: 409, key: 'namedTickets.errors.notNeeded' },
  HOLDER_ALREADY_NAMED: { status: 409, key: 'namedTickets.errors.alreadyNamed' },
});
