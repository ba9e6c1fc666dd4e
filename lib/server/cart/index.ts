import 'server-only';

// The cart as pages and route handlers use it. How a hold is made: add.ts → change.ts → hold.ts →
// the database function cart_hold (lib/server/db/functions.sql); released: remove.ts → cart_release_item.
export { addToCart } from './add';
export { removeFromCart } from './remove';
export { applyCoupon, removeCoupon } from './coupon';
export { removeCartPoints, setCartPoints } from './loyalty';
export { getCart } from './read';
export type { Actor, CartAnswer, CartFailure, CartItemView, CartSelection, CartView, TakenSeat } from './types';
