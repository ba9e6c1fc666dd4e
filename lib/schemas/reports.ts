// The organiser's reports: one event's sales, money, codes, resale and attendance
// (GET /api/v1/organiser/events/{eventId}/report), and the organisation's overview of its events over a
// period (GET /api/v1/organiser/reports/overview). Money is in minor units of the event's currency.
import { z } from 'zod';
import { calendarDate, currencySchema, localizedTextSchema, uuidString } from './primitives';

const count = () => z.number().int().nonnegative();
const minor = (what: string) => z.number().int().describe(`${what}, minor units of the event's currency`);
const eventStatusSchema = z.enum(['draft', 'on_sale', 'sold_out', 'cancelled']);

/** Tickets of holders of a season ticket, and single tickets (bought, redeemed, given), apart. */
const splitSchema = z.object({ single: count(), season: count(), total: count() });

export const salesBucketSchema = z.object({
  at: z.string().describe('Start of the bucket (ISO instant)'),
  tickets: count().describe('Primary tickets of orders paid in the bucket'),
  orders: count(),
});
export const salesDayBucketSchema = salesBucketSchema.extend({ day: z.string().describe('Day in Europe/Bratislava, YYYY-MM-DD') });

export const checkInBucketSchema = z.object({ at: z.string().describe('Start of the 5-minute bucket'), single: count(), season: count() });

export const eventReportSchema = z.object({
  event: z.object({
    id: z.string(),
    slug: z.string(),
    title: localizedTextSchema,
    status: eventStatusSchema,
    currency: currencySchema,
    startsAt: z.string(),
    endsAt: z.string().nullable(),
    doorsAt: z.string().describe('When the gates open (the organiser’s doors time, else the default before the start)'),
    saleStartsAt: z.string().nullable(),
    over: z.boolean().describe('The event has ended (its end, or its start when it has none, is past)'),
  }),
  generatedAt: z.string(),
  tickets: z.object({
    categories: z.array(
      z.object({
        id: z.string(),
        code: z.string(),
        name: localizedTextSchema,
        priceAmount: minor('Face value'),
        capacity: count().describe('Units of the category: sold, held, free and blocked'),
        sold: splitSchema.describe('Tickets issued and not void'),
      }),
    ),
    total: z.object({ capacity: count(), sold: splitSchema }),
  }),
  sales: z.object({
    startedAt: z.string().nullable().describe('Where the series start: the sale’s start when the first sale came within a day of it, else the first sale; null before any sale'),
    firstHour: z.array(salesBucketSchema).describe('The on-sale’s first hour in 5-minute buckets (12)'),
    hourly: z.array(salesBucketSchema).describe('The first 24 hours, per hour (24)'),
    daily: z.array(salesDayBucketSchema).describe('After the first 24 hours, per day'),
  }),
  revenue: z.object({
    orders: count().describe('Paid orders'),
    gross: minor('Face prices of the primary tickets sold, before coupons'),
    discounts: minor('Coupon discounts'),
    credits: minor('What buyers paid with the organiser’s wallet credit and loyalty points'),
    serviceFees: minor('Service fees the buyers paid'),
    collected: minor('What buyers paid (primary and resale orders)'),
    refundedOrders: count(),
    refunds: minor('What refunded buyers got back'),
    net: minor('Primary sales net of coupons, credit and points, and refunds: the organiser’s'),
    collectedNet: minor('What buyers paid and kept paid'),
  }),
  codes: z.object({
    coupons: z.array(z.object({ code: z.string(), uses: count().describe('Paid orders with the code'), discount: minor('Their discounts') })),
    redeem: z.object({ issued: count(), used: count(), deactivated: count().describe('Deactivated before use'), tickets: count().describe('Tickets claimed with codes') }),
  }),
  resale: z.object({
    listings: z.object({ active: count(), sold: count(), withdrawn: count() }),
    sold: count().describe('Resale tickets paid'),
    volume: minor('Listing prices of the tickets resold'),
    buyerFees: minor('Resale buyer fees'),
    sellerFees: minor('Resale seller fees'),
    organiserShare: minor('The organiser’s part of the resale fees, net of refunds'),
  }),
  attendance: z.object({
    buckets: z.array(checkInBucketSchema).describe('Tickets checked in per 5 minutes (at their first valid entry), from half an hour before the doors open'),
    gates: z
      .array(z.object({ gate: z.string().nullable().describe('null: a gate that named none'), admitted: count() }))
      .describe('Tickets checked in per gate of their first valid entry: the rows sum to checkedIn.total'),
    sold: splitSchema,
    checkedIn: splitSchema,
    noShows: splitSchema.nullable().describe('Tickets sold and never checked in; null until the event is over'),
  }),
  postponement: z
    .object({
      postponedAt: z.string(),
      postponedFrom: z.string().describe('The start before the first postponement'),
      startsAt: z.string(),
      refundDeadline: z.string(),
      kept: count().describe('Tickets still valid for the new date'),
      refunded: count().describe('Tickets refunded on their holders’ request after the postponement'),
    })
    .nullable()
    .describe('null: never postponed (lib/server/refunds/postpone.ts)'),
});
export type EventReport = z.infer<typeof eventReportSchema>;

/** `?organisation=&from=&to=`: days in Europe/Bratislava, both included; from defaults to 90 days ago, to to none (every coming event). */
export const overviewQueryFields = z.object({
  organisation: uuidString('organiser.errors.organisationRequired'),
  from: calendarDate().optional().describe('First day (YYYY-MM-DD, Europe/Bratislava) of the events’ starts; default 90 days ago'),
  to: calendarDate().optional().describe('Last day, included; default none (every coming event)'),
});
export const overviewQuerySchema = overviewQueryFields.refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'report.overview.rangeInvalid', path: ['to'] });
export type OverviewQuery = z.infer<typeof overviewQuerySchema>;

export const overviewSchema = z.object({
  from: z.string().describe('YYYY-MM-DD'),
  to: z.string().nullable(),
  events: z.array(
    z.object({
      id: z.string(),
      slug: z.string(),
      title: localizedTextSchema,
      status: eventStatusSchema,
      startsAt: z.string(),
      over: z.boolean(),
      currency: currencySchema,
      capacity: count(),
      sold: count(),
      checkedIn: count(),
      net: minor('Primary sales net of coupons and refunds'),
    }),
  ),
  totals: z.array(z.object({ currency: currencySchema, events: count(), capacity: count(), sold: count(), checkedIn: count(), net: z.number().int() })),
});
export type Overview = z.infer<typeof overviewSchema>;
