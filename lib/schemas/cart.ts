import { z } from 'zod';
import { plainText, uuidString } from './primitives';

const uuid = uuidString();

/** POST /api/v1/events/{id}/cart/items: seats by id, a count of a standing category, or a resale listing. */
export const cartItemsSchema = z.union([
  z.object({ seatIds: z.array(uuid).min(1, 'cart.selectSeats').max(50) }).strict(),
  z.object({ ticketTypeId: uuid, quantity: z.coerce.number().int().min(1, 'cart.selectSeats').max(50) }).strict(),
  z.object({ listingId: uuid }).strict(),
]);
export type CartItemsInput = z.infer<typeof cartItemsSchema>;

/** DELETE /api/v1/events/{id}/cart/items/{itemId}: the line's id. */
export const cartItemIdSchema = uuid;

/** The coupon form in the cart. */
export const couponSchema = z.object({
  code: plainText('errors.invalidDiscountCode').min(1, 'cart.couponRequired').max(64, 'errors.invalidDiscountCode'),
});
export type CouponInput = z.infer<typeof couponSchema>;

/** The checkout form: the terms must be accepted. */
export const checkoutSchema = z.object({
  acceptTerms: z.literal(true, { message: 'checkout.termsRequired' }),
  /** 'app': the native app pays; the provider returns to ios-payment-redirect. */
  returnTo: z.enum(['web', 'app']).optional(),
});
export type CheckoutInput = z.infer<typeof checkoutSchema>;
