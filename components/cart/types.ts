// The cart as GET /api/v1/events/{id}/cart answers it (lib/server/cart/service.ts CartView).
export type Money = { amount: number; currency: 'EUR' | 'CZK' };

export type CartItem = {
  id: string;
  kind: 'seat' | 'place' | 'resale';
  ticketType: { id: string; code: string; name: string };
  seat: { section: string; row: string; seat: string } | null;
  listingId: string | null;
  price: Money;
  fee: Money;
};

export type Cart = {
  eventId: string;
  eventSlug: string;
  holdId: string | null;
  status: 'active' | 'ordered' | null;
  orderId: string | null;
  items: CartItem[];
  expiresAt: string | null;
  timeLeft: number;
  expired: boolean;
  couponCode: string | null;
  count: number;
  currency: 'EUR' | 'CZK';
  subtotal: Money;
  discount: Money;
  fees: Money;
  total: Money;
};
