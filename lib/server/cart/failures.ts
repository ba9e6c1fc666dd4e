// The failures of the cart: holding and letting go of tickets, the discount code.
import { failureRows, type FailureCodeOf } from '@/lib/server/api/failure-row';
import type { addToCart, applyCoupon, getCart, removeCoupon, removeFromCart } from '.';

export type Codes =
  | FailureCodeOf<typeof getCart>
  | FailureCodeOf<typeof addToCart>
  | FailureCodeOf<typeof removeFromCart>
  | FailureCodeOf<typeof applyCoupon>
  | FailureCodeOf<typeof removeCoupon>;

export const failures = failureRows({
  ITEM_NOT_FOUND: { status: 404, key: 'errors.notFound' },
  SOLD_OUT: { status: 409, key: 'cart.soldOut' },
  /** Each taken seat is also an entry of `errors` (field seatIds, its id, cart.seatTakenOne). */
  SEAT_TAKEN: { status: 409, key: 'cart.seatTaken' },
  LIMIT_PER_ORDER: { status: 409, key: 'cart.limitPerOrder' },
  CART_EMPTY: { status: 409, key: 'cart.nothingToPay' },
  /** A general hold of a category whose returned tickets the waiting list keeps for its fans (functions.sql). */
  WAITING_LIST_RESERVED: { status: 409, key: 'waitingList.errors.reserved' },
  /** A resale listing someone else bought or holds in their cart this moment: said in words, never its id. */
  LISTING_SOLD: { status: 409, key: 'resale.errors.justSold' },
  /** The seller's own listing: theirs to manage in Your tickets, not to buy. */
  OWN_LISTING: { status: 409, key: 'resale.errors.ownListing' },
});
