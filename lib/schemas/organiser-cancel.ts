// POST /api/v1/organiser/events/{eventId}/cancel: no body; the answer is the event's new state and how far its refunds are.
import { z } from 'zod';

export const cancellationProgressSchema = z.object({
  status: z.enum(['draft', 'on_sale', 'sold_out', 'cancelled']),
  cancelledAt: z.string().nullable(),
  ordersWaiting: z.number().int().describe('Paid orders not yet refunded; the server goes on with them by itself'),
  ordersRefunded: z.number().int().describe('Orders the cancellation refunded'),
  refundsSucceeded: z.number().int().describe('Their refunds confirmed by the payment provider'),
  refundsPending: z.number().int().describe('Their refunds queued for the provider'),
  refundsFailing: z.number().int().describe('Their refunds the provider refused so far; retried with a growing wait'),
  ticketsLeft: z.number().int().describe('Tickets of the event not yet void'),
  done: z.boolean().describe('Every paid order refunded and every ticket void'),
});
export type CancellationProgressOut = z.infer<typeof cancellationProgressSchema>;

export const cancelEventResultSchema = z.object({
  event: z.object({ id: z.string(), status: z.literal('cancelled'), cancelledAt: z.string() }),
  progress: cancellationProgressSchema,
});
