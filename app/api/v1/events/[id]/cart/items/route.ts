// POST /api/v1/events/{id}/cart/items — hold {seatIds} | {ticketTypeId, quantity} | {listingId} in the caller's cart, all or nothing (409 SEAT_TAKEN names the taken seats)
// The handler lives in lib/server/http: the production server serves it without Next (lib/server/http/hot-api.ts).
export { holdCartItems as POST } from '@/lib/server/http/cart-items';
