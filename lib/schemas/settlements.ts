// The organiser's settlement: what Tribuna owes an organisation for its events over a period, per
// currency (lib/server/reports/settlement.ts). Shared by the console's period form and the API.
import { z } from 'zod';
import { calendarDate, currencySchema, uuidString } from './primitives';
import { TIME_ZONE } from '@/lib/i18n/time-zone';

const E = 'organiser.settlements.errors';

/** The longest period one statement covers (a little over ten years). */
export const SETTLEMENT_MAX_DAYS = 3700;

const day = calendarDate(`${E}.dateInvalid`);

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

/**
 * GET /api/v1/organiser/settlements(.csv)?organisation=&from=&to=&event= — days (YYYY-MM-DD) in
 * Europe/Bratislava, `to` included: the period is [from 00:00, the day after `to` 00:00) there.
 */
export const settlementQuerySchema = z
  .object({
    organisation: uuidString('organiser.errors.organisationRequired'),
    /** First day of the period (Europe/Bratislava). */
    from: day,
    /** Last day of the period, included (Europe/Bratislava). */
    to: day,
    /** Only this event of the organisation. */
    event: uuidString().optional(),
  })
  .refine((q) => daysBetween(q.from, q.to) >= 0, { message: `${E}.periodOrder`, path: ['to'] })
  .refine((q) => daysBetween(q.from, q.to) <= SETTLEMENT_MAX_DAYS, { message: `${E}.periodTooLong`, path: ['to'] });
export type SettlementQuery = z.infer<typeof settlementQuerySchema>;

const amount = z.number().int().describe('minor units of the currency');

/** One statement's figures, minor units; every one a sum or difference of the event ledger's sums (reports/ledger.ts). */
export const settlementFiguresSchema = z.object({
  /** Primary tickets sold in the period. */
  primaryTickets: z.number().int(),
  /** Face prices of those tickets, before coupons. */
  primaryGross: amount,
  /** Coupon discounts on them. */
  discounts: amount,
  /** What buyers paid with the organiser's wallet credit (released season seats) and loyalty points. */
  credits: amount,
  /** Primary sales given back in the period (refunded orders: price less their discount, credit and points). */
  refunds: amount,
  /** primaryGross − discounts − credits − refunds: the organiser's. */
  primaryNet: amount,
  /** Service fees buyers paid on top of primary tickets, less refunded ones: Tribuna's, not deducted. */
  serviceFees: amount,
  /**
   * Tribuna's platform fee on the primary tickets (the organisation's commercial terms: per ticket and/or a
   * share of the face price, fixed when each ticket was ordered), less that of refunded tickets: deducted.
   */
  ticketFees: amount,
  /** Resale tickets sold in the period. */
  resaleTickets: z.number().int(),
  /** Resale fees (seller's and buyer's), less refunded ones. */
  resaleFees: amount,
  /** The organiser's share of those fees (its resale policy's percentage when each ticket sold). */
  organiserResaleShare: amount,
  /** primaryNet − ticketFees + organiserResaleShare: what Tribuna owes the organiser. */
  owed: amount,
  /** serviceFees + ticketFees + resaleFees − organiserResaleShare: what Tribuna keeps. */
  platformFees: amount,
  /** What buyers paid and kept paid (orders' totals, less refunded ones). */
  collected: amount,
});
export type SettlementFigures = z.infer<typeof settlementFiguresSchema>;

export const settlementLineSchema = settlementFiguresSchema.extend({
  eventId: z.string(),
  /** In the request's language. */
  title: z.string(),
  startsAt: z.string(),
  status: z.string(),
});
export type SettlementLine = z.infer<typeof settlementLineSchema>;

export const settlementSchema = z.object({
  organisation: z.object({ id: z.string(), name: z.string() }),
  period: z.object({
    from: z.string().describe('first day, YYYY-MM-DD'),
    to: z.string().describe('last day, included, YYYY-MM-DD'),
    timeZone: z.literal(TIME_ZONE),
    /** The same period as instants: [start, end). */
    start: z.string(),
    end: z.string(),
  }),
  eventId: z.string().nullable(),
  /** One statement per currency the events sold in (EUR, CZK); an event with nothing in the period has no line. */
  currencies: z.array(z.object({ currency: currencySchema, lines: z.array(settlementLineSchema), total: settlementFiguresSchema })),
});
export type Settlement = z.infer<typeof settlementSchema>;
