// The failures of concessions and accessible seats.
import { failureRows, type FailureCodeOf } from '@/lib/server/api/failure-row';
import type { eventAccessibleSeats, holdAccessibleSeat } from './accessible';
import type { getCartConcessions, setCartConcession } from './cart';
import type { getCategoryConcessions, setCategoryConcessions } from './prices';

export type Codes =
  | FailureCodeOf<typeof getCategoryConcessions>
  | FailureCodeOf<typeof setCategoryConcessions>
  | FailureCodeOf<typeof getCartConcessions>
  | FailureCodeOf<typeof setCartConcession>
  | FailureCodeOf<typeof eventAccessibleSeats>
  | FailureCodeOf<typeof holdAccessibleSeat>;

export const failures = failureRows({
  /** A general cart asked for a wheelchair place or a companion seat: they are held back for ZŤP / ZŤP-S card holders. */
  ACCESSIBLE_SEAT: { status: 409, key: 'concessions.errors.accessibleSeat', field: 'seatIds' },
  NOT_WHEELCHAIR_PLACE: { status: 422, key: 'concessions.errors.notWheelchair', field: 'seatId' },
  CONCESSION_NOT_OFFERED: { status: 409, key: 'concessions.errors.notOffered', field: 'concession' },
  WHEELCHAIR_NEEDS_CARD: { status: 422, key: 'concessions.errors.wheelchairKind', field: 'concession' },
  NO_COMPANION_SEAT: { status: 409, key: 'concessions.errors.noCompanionSeat', field: 'concession' },
  /** A concession is a reduction: its price may not exceed the category's full price (prices.ts). */
  CONCESSION_ABOVE_FULL_PRICE: { status: 422, key: 'concessions.errors.aboveFullPrice', field: 'concessions' },
  /** A package line: the package's price is final. */
  PACKAGE_PRICE_FIXED: { status: 409, key: 'concessions.errors.packagePriceFixed', field: 'concession' },
});
