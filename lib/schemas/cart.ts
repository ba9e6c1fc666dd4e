import { billingCompanySchema } from './documents';
import { z } from 'zod';
import { currencySchema, moneySchema, plainText, uuidString } from './primitives';

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

/** PUT /api/v1/events/{id}/cart/loyalty: pay with up to this many of the organiser's loyalty points (0: none). */
export const cartPointsSchema = z.object({
  points: z.number({ error: 'cart.loyalty.pointsInvalid' }).int('cart.loyalty.pointsInvalid').min(0, 'cart.loyalty.pointsInvalid').max(10_000_000, 'cart.loyalty.pointsInvalid'),
});
export type CartPointsInput = z.infer<typeof cartPointsSchema>;

/** The checkout form: the terms must be accepted. */
export const checkoutSchema = z.object({
  acceptTerms: z.literal(true, { message: 'checkout.termsRequired' }),
  /** 'app': the native app pays; the provider returns to ios-payment-redirect. */
  returnTo: z.enum(['web', 'app']).optional(),
  /** The company the fan buys for (name, IČO with its check digit, DIČ and IČ DPH when it has them, address): the tax documents are in its name. */
  billing: billingCompanySchema.optional(),
});
export type CheckoutInput = z.infer<typeof checkoutSchema>;

// ── answers ──────────────────────────────────────────────────────────────────
export const cartItemSchema = z.object({
  id: z.string().describe('the line; DELETE …/cart/items/{itemId} takes it out'),
  kind: z.enum(['seat', 'place', 'resale', 'package']),
  ticketType: z.object({ id: z.string(), code: z.string(), name: z.string() }),
  seat: z.object({ section: z.string(), row: z.string(), seat: z.string() }).nullable(),
  listingId: z.string().nullable(),
  concession: z
    .enum(['child', 'student', 'senior', 'ztp', 'ztp_s', 'companion'])
    .nullable()
    .optional()
    .describe("a resale line's concession: the ticket is a child's, a student's… and the gate asks for the card"),
  price: moneySchema,
  fee: moneySchema,
  package: z
    .object({
      id: z.string(),
      name: z.string(),
      tickets: z.array(z.object({ ticketType: z.string(), seat: z.object({ section: z.string(), row: z.string(), seat: z.string() }).nullable(), event: z.string() })),
    })
    .optional()
    .describe("a package's line: its tickets, held, paid and taken out as one (the line's id takes the whole package out)"),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** The cart of one event as every cart call answers it (GET …/cart, items, coupon). */
export const cartSchema = z.object({
  eventId: z.string(),
  eventSlug: z.string(),
  holdId: z.string().nullable(),
  status: z.enum(['active', 'ordered']).nullable().describe("'ordered' while a payment is under way; the cart is the fan's until its time runs out"),
  orderId: z.string().nullable(),
  items: z.array(cartItemSchema),
  expiresAt: z.string().nullable(),
  timeLeft: z.number().int().describe('seconds left to check out and pay'),
  expired: z.boolean().describe('the last cart of this event ran out of time (within the last hour) and nothing is held now'),
  couponCode: z.string().nullable(),
  count: z.number().int(),
  currency: currencySchema,
  subtotal: moneySchema,
  discount: moneySchema,
  fees: moneySchema,
  walletCredit: moneySchema.describe("the fan's Tribuna wallet credit with the organiser (season seats released and sold), at most the total; total is after it"),
  loyalty: z
    .object({
      rate: z.number().int().describe('points worth one euro or koruna'),
      balance: z.number().int().describe("the caller's points with the organiser"),
      usable: z.number().int().describe('the most points this cart can take (the organiser caps the share of the tickets)'),
      points: z.number().int().describe('points this cart is paid with; spent at checkout, given back if the order is not paid'),
      amount: moneySchema.describe('what they take off the total'),
    })
    .nullable()
    .describe('paying with loyalty points: null when the organiser takes none or the caller has none'),
  total: moneySchema,
});
export type Cart = z.infer<typeof cartSchema>;

/** POST /api/v1/events/{id}/checkout */
export const checkoutResultSchema = z.object({
  orderId: z.uuid(),
  paymentUrl: z.string().describe("the payment provider's page (the built-in gateway's is a path on this site); when paid, the order's page"),
  paid: z.boolean().describe('true: wallet credit, loyalty points or a coupon covered the whole total, so the order is paid already and no payment was started'),
});
