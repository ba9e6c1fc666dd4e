// What the order and payment endpoints answer (DESIGN.md §5); the OpenAPI document and the clients use them.
import { z } from 'zod';
import { moneySchema, plainText } from './primitives';

/** One line of an order's receipt (lib/server/orders/receipt.ts): the lines' amounts add up to the order's total. */
export const receiptLineSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('ticket'),
    ticketType: z.string(),
    seat: z.object({ section: z.string(), row: z.string(), seat: z.string() }).nullable(),
    resale: z.boolean().describe('bought from another fan (resale listing)'),
    amount: moneySchema,
  }),
  z.object({
    kind: z.literal('package'),
    name: z.string().describe('the package (a family ticket, a festival pass…), bought as one at one price'),
    tickets: z
      .array(z.object({ ticketType: z.string(), seat: z.object({ section: z.string(), row: z.string(), seat: z.string() }).nullable(), event: z.string().describe("the ticket's own event (a festival pass: one per day)") }))
      .describe('the separate tickets the package was issued as; not priced one by one'),
    amount: moneySchema.describe('what was paid for the package'),
  }),
  z.object({
    kind: z.literal('season'),
    name: z.string().describe('the season: a season ticket is ONE line at its price, one per seat'),
    seat: z.object({ section: z.string(), row: z.string(), seat: z.string() }).nullable(),
    matches: z.array(z.object({ event: z.string(), startsAt: z.string() })).describe('the matches the season ticket was issued for, first first; not priced one by one'),
    amount: moneySchema.describe('what was paid for the season ticket'),
  }),
  z.object({ kind: z.literal('discount'), code: z.string().nullable(), amount: moneySchema.describe('negative') }),
  z.object({ kind: z.literal('wallet'), amount: moneySchema.describe('negative: the Tribuna wallet credit with the organiser the order used') }),
  z.object({ kind: z.literal('loyalty'), points: z.number().int().describe('loyalty points the order was paid with'), amount: moneySchema.describe('negative') }),
  z.object({ kind: z.literal('fee'), fee: z.enum(['service', 'resale']).describe("service: the organiser's fee per primary ticket; resale: the buyer's fee on resale tickets"), count: z.number().int(), amount: moneySchema }),
]);
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

export const orderStatusSchema = z.enum(['pending', 'paid', 'failed', 'cancelled', 'refunded']);

/** GET /api/v1/orders/{id} — one of the caller's orders. */
export const orderSchema = z.object({
  id: z.string(),
  status: orderStatusSchema,
  result: z.enum(['paid', 'pending', 'failed']).describe('what the fan is told: paid, pending (payment under way), failed (declined, cancelled or refunded)'),
  refundedLate: z.boolean().describe('a payment arrived after the reservation ran out and the tickets were gone: it was refunded'),
  eventCancelled: z.boolean().describe('the organiser cancelled the event: the order was refunded and its tickets voided'),
  refunds: z.array(z.object({ amount: moneySchema, status: z.enum(['pending', 'refunded']) })).describe("payments of this order that go back to the fan whole (a cancelled match's share of a season ticket is in cancelledMatches)"),
  event: z.object({ id: z.string(), slug: z.string(), title: z.string() }).describe("the order's event; for a season order its first match (see season)"),
  season: z.object({ id: z.string(), slug: z.string(), name: z.string() }).nullable().describe('a season-ticket order: the season it is for'),
  cancelledMatches: z
    .array(
      z.object({
        title: z.string(),
        amount: moneySchema.describe("what of the match's share of the season ticket comes back (less any credit already given for releasing that seat)"),
        mode: z.enum(['payment', 'credit']).describe('payment: back to the payment; credit: wallet credit with the organiser'),
        status: z.enum(['pending', 'refunded']).describe('refunded: the provider confirmed it, or the credit is in the wallet'),
      }),
    )
    .describe("a season order's matches the organiser cancelled, each refunding its share; empty otherwise"),
  items: z
    .array(z.object({ ticketType: z.string(), seat: z.string().nullable(), price: moneySchema, package: z.string().nullable().describe("the package the ticket was bought in: its price is then a share of the package's, see lines") }))
    .describe('each ticket bought; lines is the receipt'),
  subtotal: moneySchema,
  discount: moneySchema,
  fees: moneySchema,
  total: moneySchema,
  couponCode: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  ticketCount: z.number().int(),
  number: z.string().describe('the short order number a person reads and quotes'),
  organiser: z.object({ name: z.string() }),
  lines: z.array(receiptLineSchema).describe('tickets, packages and season tickets (one line each), discount, loyalty points, each fee, wallet credit: their amounts add up to total'),
});
export type Order = z.infer<typeof orderSchema>;

/** GET /api/v1/orders?cursor= — the caller's orders, newest first. */
export const orderListQuerySchema = z.object({
  cursor: plainText().max(200).optional().describe('nextCursor of the previous page'),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});
export const orderSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  status: orderStatusSchema,
  createdAt: z.string(),
  event: z.object({ id: z.string(), slug: z.string(), title: z.string(), startsAt: z.string() }),
  season: z.object({ id: z.string(), slug: z.string(), name: z.string() }).nullable().describe('a season-ticket order: the season it is for (event is then its first match)'),
  total: moneySchema,
  ticketCount: z.number().int().describe('tickets bought in the order'),
  packages: z.array(z.object({ name: z.string(), tickets: z.number().int() })).describe('packages bought in the order, each once, with how many of its tickets it holds'),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export const orderListSchema = z.object({
  orders: z.array(orderSummarySchema),
  nextCursor: z.string().nullable().describe('pass as cursor for the next (older) page; null on the last'),
});
export type OrderList = z.infer<typeof orderListSchema>;

/** POST /api/v1/payments/{provider}/webhook: the notice was taken (a repeat of one already taken is `duplicate`). */
export const webhookResultSchema = z.object({
  received: z.literal(true),
  result: z.enum(['duplicate', 'ignored', 'paid', 'refunded', 'failed']),
  orderId: z.string().nullable().optional(),
});

export const providerParamSchema = z.object({ provider: z.enum(['test', 'stripe']) });
