import 'server-only';
import type { CouponRefusal } from '@/lib/server/coupons/validate';
import type { HoldSelection } from './hold';
import type { Money } from './totals';

export type CartSelection = HoldSelection;
export type Actor = { id: string };

export type CartItemView = {
  id: string;
  kind: 'seat' | 'place' | 'resale';
  ticketType: { id: string; code: string; name: string };
  seat: { section: string; row: string; seat: string } | null;
  listingId: string | null;
  price: Money;
  fee: Money;
};

export type CartView = {
  eventId: string;
  eventSlug: string;
  holdId: string | null;
  /** 'ordered' while a payment is under way; the cart is still the fan's until its time runs out. */
  status: 'active' | 'ordered' | null;
  orderId: string | null;
  items: CartItemView[];
  expiresAt: string | null;
  /** Seconds left to check out and pay. */
  timeLeft: number;
  /** The last cart of this event ran out of time (within the last hour) and nothing is held now. */
  expired: boolean;
  couponCode: string | null;
  count: number;
  currency: 'EUR' | 'CZK';
  subtotal: Money;
  discount: Money;
  fees: Money;
  total: Money;
};

export type TakenSeat = { id: string; label: string };
export type CartFailure =
  | { ok: false; code: 'EVENT_NOT_FOUND' | 'NOT_ON_SALE' | 'TICKET_TYPE_NOT_FOUND' | 'SOLD_OUT' | 'ITEM_NOT_FOUND' | 'CART_EMPTY' | 'INVALID_DISCOUNT_CODE' }
  | { ok: false; code: CouponRefusal }
  | { ok: false; code: 'SEAT_TAKEN'; taken: TakenSeat[] }
  | { ok: false; code: 'LIMIT_PER_ORDER' | 'LIMIT_PER_USER'; limit: number }
  | { ok: false; code: 'RATE_LIMITED'; retryAfterSeconds: number }
  /** A resale listing that is no longer to be had (bought, or in another fan's cart), or the fan's own. */
  | { ok: false; code: 'LISTING_SOLD' | 'OWN_LISTING' };

export type CartAnswer = { ok: true; cart: CartView } | CartFailure;
