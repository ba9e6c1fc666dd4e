// Catalogue contract (DESIGN.md §5): the query of GET /api/v1/events and the shapes the catalogue
// endpoints answer. The response schemas exist for the OpenAPI document (lib/server/events/module.ts)
// and for tests; handlers build their answers from lib/server/events.
import { z } from 'zod';
import { calendarDate, moneySchema, plainText } from './primitives';

export { moneySchema };

export const eventCategories = ['sport', 'concert', 'festival'] as const;
export type EventCategory = (typeof eventCategories)[number];

/** Concerts and festivals show their performers as a line-up; a sport event never does (its performers are the teams). */
export function hasLineUp(category: EventCategory): boolean {
  return category === 'concert' || category === 'festival';
}

const isoDate = calendarDate();

/** GET /api/v1/events?q=&category=&from=&to=&page= — also the events page's search params. */
export const eventListQuerySchema = z.object({
  q: plainText().max(100).optional().default(''),
  category: z.enum(eventCategories).optional(),
  /** First and last day (YYYY-MM-DD, Europe/Bratislava) of the start date. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number().int().min(1).max(1000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(50).optional().default(12),
});
export type EventListQuery = z.infer<typeof eventListQuerySchema>;

/** The events page reads its URL leniently: a bad value is dropped instead of failing the page. */
export function parseEventListParams(raw: Record<string, string | string[] | undefined>): EventListQuery {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const candidate: Record<string, string | undefined> = {};
  for (const key of ['q', 'category', 'from', 'to', 'page'] as const) {
    const value = one(raw[key]);
    if (value === undefined || value === '') continue;
    const single = eventListQuerySchema.shape[key].safeParse(value);
    if (single.success) candidate[key] = value;
  }
  return eventListQuerySchema.parse(candidate);
}

export const eventIdParamSchema = z.object({ id: plainText().min(1).max(120) });

export const eventDetailQuerySchema = z.object({
  /** `seats` adds every seat with its x/y to the layout. */
  include: z.enum(['seats']).optional(),
});

/** GET /api/v1/events/{id}/calendar.ics: the language of its texts (else Accept-Language, then the locale cookie). */
export const calendarQuerySchema = z.object({
  lang: z.enum(['sk', 'cs', 'en'], 'errors.invalidInput').optional().describe('sk, cs or en'),
});

// ── answers ──────────────────────────────────────────────────────────────────

export const eventCardSchema = z.object({
  id: z.string().describe('the readable slug used in URLs'),
  title: z.string(),
  summary: z.string(),
  category: z.enum(eventCategories),
  status: z.enum(['on_sale', 'sold_out', 'cancelled']),
  startsAt: z.string().describe('ISO 8601'),
  venue: z.object({ name: z.string(), city: z.string() }),
  imageUrl: z.string(),
  lowestPrice: moneySchema.nullable().describe('lowest available primary or resale price; null when nothing is on sale'),
});

export const eventListSchema = z.object({
  items: z.array(eventCardSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  pageCount: z.number().int(),
});

const ticketTypeSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(['seated', 'standing']),
  price: moneySchema,
  color: z.string(),
});

const seatSchema = z.object({ id: z.string(), label: z.string(), x: z.number(), y: z.number(), ticketTypeId: z.string().nullable() });

export const eventDetailSchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  description: z.string(),
  category: z.enum(eventCategories),
  status: z.enum(['on_sale', 'sold_out', 'cancelled']),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  doorsAt: z.string().nullable(),
  saleStartsAt: z.string().nullable().describe('sales open (null: from publishing)'),
  saleEndsAt: z.string().nullable().describe('sales close (null: at the start)'),
  priority: z
    .object({ points: z.number().int(), startsAt: z.string() })
    .nullable()
    .describe("priority access: fans with at least `points` loyalty points of the organiser may buy from `startsAt`, before saleStartsAt"),
  performers: z.array(z.string()),
  imageUrl: z.string(),
  gallery: z.array(z.object({ src: z.string(), width: z.number(), height: z.number(), alt: z.string() })),
  currency: z.enum(['EUR', 'CZK']),
  maxTicketsPerOrder: z.number().int(),
  serviceFee: moneySchema,
  organiser: z.object({ name: z.string() }),
  venue: z.object({ name: z.string(), address: z.string(), city: z.string(), country: z.string(), latitude: z.number().nullable(), longitude: z.number().nullable() }),
  resale: z.object({ enabled: z.boolean(), capPercent: z.number().nullable(), capAmount: z.number().nullable(), buyerFeeBps: z.number() }),
  ticketTypes: z.array(ticketTypeSchema),
  layout: z
    .object({
      width: z.number(),
      height: z.number(),
      seatCount: z.number().int(),
      outline: z
        .array(
          z.discriminatedUnion('kind', [
            z.object({ kind: z.literal('rect'), x: z.number(), y: z.number(), width: z.number(), height: z.number(), radius: z.number().optional(), label: z.string().optional() }),
            z.object({ kind: z.literal('ellipse'), cx: z.number(), cy: z.number(), rx: z.number(), ry: z.number(), label: z.string().optional() }),
            z.object({ kind: z.literal('polygon'), points: z.array(z.tuple([z.number(), z.number()])), label: z.string().optional() }),
          ]),
        )
        .describe('the pitch, rink or stage drawn under the seats (map units), its label in the request language'),
      sections: z.array(
        z.object({
          id: z.string(),
          code: z.string(),
          name: z.string(),
          seatCount: z.number().int(),
          labelX: z.number().nullable().optional().describe('with include=seats: where the section label is drawn'),
          labelY: z.number().nullable().optional(),
          rows: z.array(z.object({ id: z.string(), label: z.string(), seats: z.array(seatSchema) })).optional(),
        }),
      ),
    })
    .nullable(),
});

/** GET /api/v1/events/{id}/availability */
export const availabilitySchema = z.object({
  eventId: z.string(),
  checkedAt: z.string(),
  onSale: z.boolean(),
  maxTicketsPerOrder: z.number().int(),
  ticketTypes: z.array(z.object({ id: z.string(), available: z.number().int(), price: moneySchema })),
  takenSeatIds: z.array(z.string()).describe('seats sold, blocked or held right now (an expired hold is free)'),
  resale: z.array(
    z.object({
      listingId: z.string(),
      ticketTypeId: z.string(),
      seatId: z.string().nullable(),
      concession: z
        .enum(['child', 'student', 'senior', 'ztp', 'ztp_s', 'companion'])
        .nullable()
        .describe('a concession ticket: its buyer shows the card at the gate (child, student…)'),
      price: moneySchema,
      buyerFee: moneySchema,
    }),
  ),
});
export type Availability = z.infer<typeof availabilitySchema>;
export type EventList = z.infer<typeof eventListSchema>;
export type EventDetail = z.infer<typeof eventDetailSchema>;
