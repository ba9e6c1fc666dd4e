import 'server-only';
import type { TicketConcession } from '@/lib/schemas/concessions';
import type { CouponRefusal } from '@/lib/server/coupons/validate';
import type { SaleRefusal } from '@/lib/server/loyalty/points';
import type { HoldSelection } from './hold';
import type { CartLoyalty } from './loyalty';
import type { Money } from './totals';

export type CartSelection = HoldSelection;
export type Actor = { id: string };

export type CartItemView = {
  id: string;
  kind: 'seat' | 'place' | 'resale' | 'package';
  ticketType: { id: string; code: string; name: string };
  seat: { section: string; row: string; seat: string } | null;
  listingId: string | null;
  /** A resale line's ticket concession (the buyer is told before paying). */
  concession?: TicketConcession | null;
  price: Money;
  fee: Money;
  /** A package's line (lib/server/packages/cart-lines.ts): its tickets, shown and taken out as one. */
  package?: { id: string; name: string; tickets: { ticketType: string; seat: { section: string; row: string; seat: string } | null; event: string }[] };
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
  /** The fan's Tribuna wallet credit with the organiser taken off (lib/server/wallet); total is after it. */
  walletCredit: Money;
  /** Paying with the organiser's loyalty points (cart/loyalty.ts): null when the organiser takes none or the fan has none. */
  loyalty: CartLoyalty | null;
  total: Money;
};

export type TakenSeat = { id: string; label: string };
export type CartFailure =
  | { ok: false; code: 'EVENT_NOT_FOUND' | 'NOT_ON_SALE' | 'TICKET_TYPE_NOT_FOUND' | 'SOLD_OUT' | 'ITEM_NOT_FOUND' | 'CART_EMPTY' | 'INVALID_DISCOUNT_CODE' }
  /** Returned tickets of the category go to the fans on the event's waiting list first (functions.sql waiting_list_reserves). */
  | { ok: false; code: 'WAITING_LIST_RESERVED' }
  /** A wheelchair place or companion seat: held back for ZŤP / ZŤP-S card holders (lib/server/concessions). */
  | { ok: false; code: 'ACCESSIBLE_SEAT' }
  | { ok: false; code: CouponRefusal }
  | { ok: false; code: 'SEAT_TAKEN'; taken: TakenSeat[] }
  | { ok: false; code: 'LIMIT_PER_ORDER' | 'LIMIT_PER_USER'; limit: number }
  | { ok: false; code: 'RATE_LIMITED'; retryAfterSeconds: number }
  /** Before the sale opens for this fan (priority access for loyal fans: loyalty/points.ts). */
  | SaleRefusal
  /** Paying with points: the organiser takes none, or the fan has none of theirs (cart/loyalty.ts). */
  | { ok: false; code: 'LOYALTY_REDEEM_OFF' | 'LOYALTY_NO_POINTS' }
  /** A resale listing that is no longer to be had (bought, or in another fan's cart), or the fan's own. */
  | { ok: false; code: 'LISTING_SOLD' | 'OWN_LISTING' };

export type CartAnswer = { ok: true; cart: CartView } | CartFailure;
