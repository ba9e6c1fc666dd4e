// POST /api/v1/organiser/events/{eventId}/cancel: an optional message to the holders; the answer is the event's new state and how far its refunds are.
// GET …/cancel-preview: what a cancellation would do now.
import { z } from 'zod';
import { moneySchema, multilineText } from './primitives';

export const CANCEL_MESSAGE_MAX = 1000;

/** The office's message to every holder, added to each cancellation mail (optional). */
export const cancelEventBodySchema = z.object({
  message: multilineText(CANCEL_MESSAGE_MAX, 'organiser.cancel.errors.messageTooLong').optional(),
});
export type CancelEventBody = z.infer<typeof cancelEventBodySchema>;

export const cancellationPreviewSchema = z.object({
  orders: z.number().int().describe('Paid orders with a part at this event not yet refunded: each is refunded'),
  tickets: z.number().int().describe('Tickets of the event that are not void: each turns void'),
  holders: z.number().int().describe('People who hold or bought them: each is mailed'),
  refund: z.array(moneySchema).describe('What goes back, per currency'),
});

export const cancellationProgressSchema = z.object({
  status: z.enum(['draft', 'on_sale', 'sold_out', 'cancelled']),
  cancelledAt: z.string().nullable(),
  ordersWaiting: z.number().int().describe("Paid orders whose share of this event (all of an ordinary order, one match's part of a season ticket) is not yet refunded; the server goes on with them by itself"),
  ordersRefunded: z.number().int().describe("Orders whose share of this event the cancellation refunded"),
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

// POST /api/v1/organiser/seasons/{seasonId}/cancel: no body; the answer names the matches it cancelled.
export const cancelSeasonResultSchema = z.object({
  season: z.object({
    id: z.string(),
    cancelledMatches: z.array(z.string()).describe('The matches not yet played that this call cancelled; each refunds its share of every season ticket'),
  }),
});
