// What the order and payment endpoints answer (DESIGN.md §5); the OpenAPI document and the clients use them.
import { z } from 'zod';
import { moneySchema } from './primitives';

/** GET /api/v1/orders/{id} — one of the caller's orders. */
export const orderSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'paid', 'failed', 'cancelled', 'refunded']),
  result: z.enum(['paid', 'pending', 'failed']).describe('what the fan is told: paid, pending (payment under way), failed (declined, cancelled or refunded)'),
  refundedLate: z.boolean().describe('a payment arrived after the reservation ran out and the tickets were gone: it was refunded'),
  eventCancelled: z.boolean().describe('the organiser cancelled the event: the order was refunded and its tickets voided'),
  refunds: z.array(z.object({ amount: moneySchema, status: z.enum(['pending', 'refunded']) })).describe("payments of this order that go back to the fan"),
  event: z.object({ id: z.string(), slug: z.string(), title: z.string() }),
  items: z.array(z.object({ ticketType: z.string(), seat: z.string().nullable(), price: moneySchema })),
  subtotal: moneySchema,
  discount: moneySchema,
  fees: moneySchema,
  total: moneySchema,
  couponCode: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  ticketCount: z.number().int(),
});
export type Order = z.infer<typeof orderSchema>;

/** POST /api/v1/payments/{provider}/webhook: the notice was taken (a repeat of one already taken is `duplicate`). */
export const webhookResultSchema = z.object({
  received: z.literal(true),
  result: z.enum(['duplicate', 'ignored', 'paid', 'refunded', 'failed']),
  orderId: z.string().nullable().optional(),
});

export const providerParamSchema = z.object({ provider: z.enum(['test', 'stripe']) });
