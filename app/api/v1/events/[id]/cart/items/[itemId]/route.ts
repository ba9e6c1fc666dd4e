// DELETE /api/v1/events/{id}/cart/items/{itemId} — take one ticket out of the cart; it returns to sale at once
// The handler lives in lib/server/http: the production server serves it without Next (lib/server/http/hot-api.ts).
export { releaseCartItem as DELETE } from '@/lib/server/http/cart-items';
