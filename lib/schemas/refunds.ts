// Part refunds, postponement and fans cancelling their own tickets (lib/server/refunds).
import { z } from 'zod';
import { currencySchema, instant, multilineText } from './primitives';

const M = 'refunds.errors';

/** GET /api/v1/tickets/{id}/refund?scope=ticket|order */
export const refundQuerySchema = z.object({
  scope: z.enum(['ticket', 'order'], { error: 'errors.invalidInput' }).default('ticket'),
});

/** POST /api/v1/tickets/{id}/refund: this ticket, or every ticket of its order the fan may return. */
export const refundRequestSchema = z.strictObject(
  {
    scope: z.enum(['ticket', 'order'], { error: 'errors.invalidInput' }),
  },
  { error: 'errors.invalidInput' },
);
export type RefundRequestInput = z.infer<typeof refundRequestSchema>;

const backSchema = z.object({
  money: z.number().int().describe('back to the card (the payment), minor units'),
  wallet: z.number().int().describe('back as wallet credit with the organiser, minor units'),
  points: z.number().int().describe('loyalty points given back'),
  pointsAmount: z.number().int().describe('what those points paid, minor units'),
  total: z.number().int().describe('money + wallet + pointsAmount'),
  feeKept: z.number().int().describe('service fee kept, minor units'),
  currency: currencySchema,
});

/** What a fan gets back if they cancel (shown before they confirm). */
export const refundOfferSchema = z.object({
  kind: z.enum(['self-cancel', 'postponement']).describe('self-cancel: the organiser allows fans to cancel; postponement: the event moved and holders may ask for their money'),
  until: z.string().describe('the last moment the refund may be asked for'),
  tickets: z.array(z.object({ ticketId: z.string() }).extend(backSchema.shape)),
  total: backSchema,
  /** How many tickets of the order could be returned together (scope=order). */
  orderTickets: z.number().int(),
});
export type RefundOffer = z.infer<typeof refundOfferSchema>;

export const refundDoneSchema = z.object({
  refunded: z.array(z.string()).describe('the tickets now void'),
  total: backSchema,
});
export type RefundDone = z.infer<typeof refundDoneSchema>;

/** PUT /api/v1/organiser/events/{eventId}/self-cancel: may fans cancel their own tickets, until when, fee back or not. */
export const selfCancelRulesSchema = z.strictObject(
  {
    allowed: z.boolean({ error: 'errors.invalidInput' }),
    hoursBefore: z.coerce.number({ error: `${M}.hoursBefore` }).int(`${M}.hoursBefore`).min(0, `${M}.hoursBefore`).max(8760, `${M}.hoursBefore`),
    refundsFee: z.boolean({ error: 'errors.invalidInput' }).nullable().describe('null: the organisation’s rule'),
  },
  { error: 'errors.invalidInput' },
);
export type SelfCancelRulesInput = z.infer<typeof selfCancelRulesSchema>;
export const selfCancelRulesAnswerSchema = selfCancelRulesSchema.extend({
  organisationRefundsFee: z.boolean().describe('the organisation’s rule, used when refundsFee is null'),
  cancelled: z.number().int().describe('tickets fans have cancelled themselves'),
});
export type SelfCancelRulesAnswer = z.infer<typeof selfCancelRulesAnswerSchema>;

/** POST /api/v1/organiser/events/{eventId}/postpone */
export const postponeSchema = z.strictObject(
  {
    startsAt: instant(`${M}.startsAt`),
    refundDeadline: instant(`${M}.refundDeadline`),
    message: multilineText(1000, `${M}.messageTooLong`).optional(),
  },
  { error: 'errors.invalidInput' },
);
export type PostponeInput = z.infer<typeof postponeSchema>;

export const postponementSchema = z.object({
  postponedAt: z.string(),
  postponedFrom: z.string().describe('the start before the first postponement'),
  startsAt: z.string(),
  refundDeadline: z.string(),
  kept: z.number().int().describe('tickets still valid'),
  refunded: z.number().int().describe('tickets refunded on request after the postponement'),
});
export type Postponement = z.infer<typeof postponementSchema>;

export const postponeAnswerSchema = z.object({
  event: z.object({ id: z.string(), startsAt: z.string() }),
  postponement: postponementSchema,
  /** People told (mail and push). */
  holders: z.number().int(),
});
