// The organiser's events and their price categories: what the console's forms send and the API answers.
// The order of dates (doors ≤ start < end, sales open before they close) is checked by the domain on
// the merged event (lib/server/events/edit/rules.ts), so that a PATCH of one date is checked too.
import { z } from 'zod';
import { currencySchema, instant, multilineText, INT32_MAX, localizedTextSchema, plainText, uuidString } from './primitives';

const M = 'organiser.events.validation';

/** One line of text an organiser writes (a title, a name): no control characters. */
const line = (max: number) => plainText().max(max, `${M}.tooLong`);

/** Text of several lines (a description): line breaks and tabs are fine, other control characters not. */
const paragraphs = (max: number) => multilineText(max, `${M}.tooLong`);

/**
 * A text in the three languages, each of which may be left empty: it is stored as written, and an empty
 * language is read in the organisation's language, then any (lib/localized-text.ts). The title in the
 * organisation's own language is required (the domain checks it: it knows the organisation).
 */
const localized = (text: z.ZodString | z.ZodType<string>) =>
  z.object({ sk: text.optional(), cs: text.optional(), en: text.optional() }, { error: 'errors.invalidInput' });

export const eventCategorySchema = z.enum(['sport', 'concert', 'festival'], { error: `${M}.category` });
export const eventStatusSchema = z.enum(['draft', 'on_sale', 'sold_out', 'cancelled']);
const currency = z.enum(['EUR', 'CZK'], { error: `${M}.currency` });
const count = (min: number, max: number) => z.number({ error: `${M}.whole` }).int(`${M}.whole`).min(min, `${M}.range`).max(max, `${M}.range`);
const date = instant(`${M}.date`);

/** Bounds of what an organiser may set (and the console's inputs say). */
export const EVENT_LIMITS = {
  reservationMinutes: { min: 3, max: 60 },
  maxTicketsPerOrder: { min: 1, max: 100 },
  maxTicketsPerUser: { min: 1, max: 1000 },
} as const;

const editable = {
  venueId: uuidString(`${M}.venue`),
  category: eventCategorySchema,
  title: localized(line(200)),
  summary: localized(line(500)),
  description: localized(paragraphs(20_000)),
  performers: z.array(line(200).refine((v) => v.length > 0, `${M}.performerEmpty`), { error: 'errors.invalidInput' }).max(100, `${M}.tooMany`),
  startsAt: date,
  endsAt: date.nullable(),
  doorsAt: date.nullable(),
  currency,
  maxTicketsPerOrder: count(EVENT_LIMITS.maxTicketsPerOrder.min, EVENT_LIMITS.maxTicketsPerOrder.max),
  maxTicketsPerUser: count(EVENT_LIMITS.maxTicketsPerUser.min, EVENT_LIMITS.maxTicketsPerUser.max),
  reservationMinutes: count(EVENT_LIMITS.reservationMinutes.min, EVENT_LIMITS.reservationMinutes.max),
  saleStartsAt: date.nullable(),
  saleEndsAt: date.nullable(),
  /** Priority access: fans with at least prioritySalePoints of the organiser's loyalty points buy from prioritySaleStartsAt, before saleStartsAt. */
  prioritySaleStartsAt: date.nullable(),
  prioritySalePoints: count(1, 10_000_000).nullable(),
  serviceFeeAmount: count(0, INT32_MAX),
};

/** POST /api/v1/organiser/events: a new draft of `organisation` at one of its venues. */
export const createEventSchema = z.strictObject(
  {
    organisation: uuidString('organiser.errors.organisationRequired'),
    ...editable,
    /** Unset: the organisation's own currency. */
    currency: editable.currency.optional(),
    summary: editable.summary.optional(),
    description: editable.description.optional(),
    performers: editable.performers.optional(),
    endsAt: editable.endsAt.optional(),
    doorsAt: editable.doorsAt.optional(),
    maxTicketsPerOrder: editable.maxTicketsPerOrder.optional(),
    maxTicketsPerUser: editable.maxTicketsPerUser.optional(),
    reservationMinutes: editable.reservationMinutes.optional(),
    saleStartsAt: editable.saleStartsAt.optional(),
    saleEndsAt: editable.saleEndsAt.optional(),
    prioritySaleStartsAt: editable.prioritySaleStartsAt.optional(),
    prioritySalePoints: editable.prioritySalePoints.optional(),
    serviceFeeAmount: editable.serviceFeeAmount.optional(),
  },
  { error: 'errors.invalidInput' },
);
export type CreateEventInput = z.infer<typeof createEventSchema>;

/** PATCH /api/v1/organiser/events/{eventId}: any editable field. */
export const updateEventSchema = z.strictObject(
  Object.fromEntries(Object.entries(editable).map(([key, schema]) => [key, schema.optional()])) as {
    [K in keyof typeof editable]: z.ZodOptional<(typeof editable)[K]>;
  },
  { error: 'errors.invalidInput' },
);
export type UpdateEventInput = z.infer<typeof updateEventSchema>;

/**
 * POST /api/v1/organiser/events/{eventId}/duplicate: a new draft like the event at a new start (its
 * doors, end and sale windows move with it by the same amount).
 */
export const duplicateEventSchema = z.strictObject({ startsAt: date }, { error: 'errors.invalidInput' });
export type DuplicateEventInput = z.infer<typeof duplicateEventSchema>;

/** What a draft needs before it is published (lib/server/events/edit/publish.ts publishItems), in the checklist's order. */
export const PUBLISH_ITEMS = ['approved', 'date', 'texts', 'prices', 'image', 'saleWindow'] as const;
export type PublishItem = (typeof PUBLISH_ITEMS)[number];
export const publishChecklistSchema = z.object({
  ready: z.boolean().describe('nothing is missing: publishing will not be refused for what the draft lacks'),
  items: z.array(z.object({ item: z.enum(PUBLISH_ITEMS), done: z.boolean() })),
});
export type PublishChecklist = z.infer<typeof publishChecklistSchema>;
export const publishChecklistAnswerSchema = z.object({ checklist: publishChecklistSchema });

export const eventsQuerySchema = z.object({ organisation: uuidString('organiser.errors.organisationRequired') });

export const organiserEventRowSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: localizedTextSchema,
  status: eventStatusSchema,
  category: eventCategorySchema,
  startsAt: z.string(),
  venue: z.object({ id: z.string(), name: z.string() }),
  currency: currencySchema,
  sold: z.number().int().describe('tickets sold'),
  capacity: z.number().int().describe('places for sale in all'),
  played: z.boolean().describe('it has taken place: read-only in the console (EVENT_PLAYED)'),
});
export const organiserEventListSchema = z.object({ events: z.array(organiserEventRowSchema) });
export type OrganiserEventRow = z.infer<typeof organiserEventRowSchema>;

export const priceCategorySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: localizedTextSchema,
  kind: z.enum(['seated', 'standing']),
  priceAmount: z.number().int().describe('minor units of the event’s currency'),
  color: z.string(),
  sortOrder: z.number().int(),
  sectionIds: z.array(z.string()),
  /** Places for sale (seats of its sections, or standing places). */
  capacity: z.number().int(),
  sold: z.number().int(),
  held: z.number().int().describe('in fans’ carts now'),
});
export type PriceCategory = z.infer<typeof priceCategorySchema>;

export const venueSectionOptionSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: localizedTextSchema,
  kind: z.enum(['seated', 'standing']),
  /** Seats of a seated section; places of a standing area. */
  places: z.number().int(),
  /** The price category of this event that sells it, or null. */
  categoryId: z.string().nullable(),
});

export const organiserEventSchema = z.object({
  id: z.string(),
  orgId: z.string(),
  slug: z.string(),
  status: eventStatusSchema,
  venueId: z.string(),
  venue: z.object({ id: z.string(), name: z.string(), city: z.string() }),
  category: eventCategorySchema,
  title: localizedTextSchema,
  summary: localizedTextSchema,
  description: localizedTextSchema,
  performers: z.array(z.string()),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  doorsAt: z.string().nullable(),
  currency: currencySchema,
  maxTicketsPerOrder: z.number().int(),
  maxTicketsPerUser: z.number().int(),
  reservationMinutes: z.number().int(),
  saleStartsAt: z.string().nullable(),
  saleEndsAt: z.string().nullable(),
  prioritySaleStartsAt: z.string().nullable().describe('priority access for loyal fans opens (before saleStartsAt)'),
  prioritySalePoints: z.number().int().nullable().describe("the organiser's loyalty points a fan needs for priority access"),
  serviceFeeAmount: z.number().int(),
  imageUrl: z.string(),
  publishedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  sold: z.number().int(),
  held: z.number().int(),
  capacity: z.number().int(),
  categories: z.array(priceCategorySchema),
  sections: z.array(venueSectionOptionSchema),
});
export type OrganiserEvent = z.infer<typeof organiserEventSchema>;
export const organiserEventAnswerSchema = z.object({ event: organiserEventSchema });

// ── price categories ─────────────────────────────────────────────────────────
const P = 'organiser.prices.validation';
/** A category's name: written in at least one language (the others are read in the organisation's language). */
const name = () => localized(line(100)).refine((v) => Boolean(v.sk || v.cs || v.en), { message: `${P}.nameRequired`, path: ['sk'] });

const categoryFields = {
  name: name(),
  priceAmount: z.number({ error: `${P}.price` }).int(`${P}.price`).min(0, `${P}.price`).max(INT32_MAX, `${P}.price`),
  kind: z.enum(['seated', 'standing'], { error: `${P}.kind` }),
  color: z.string({ error: `${P}.color` }).regex(/^#[0-9a-fA-F]{6}$/, `${P}.color`),
  sortOrder: z.number({ error: `${P}.sortOrder` }).int(`${P}.sortOrder`).min(0, `${P}.sortOrder`).max(10_000, `${P}.sortOrder`),
  /** Venue sections (seated) or standing areas of the event's venue this category sells. */
  sectionIds: z.array(uuidString(`${P}.section`), { error: 'errors.invalidInput' }).max(500, `${P}.section`),
  /** Places of a standing category that has no standing areas. */
  capacity: z.number({ error: `${P}.capacity` }).int(`${P}.capacity`).min(0, `${P}.capacity`).max(200_000, `${P}.capacity`),
};

export const createPriceCategorySchema = z.strictObject(
  {
    ...categoryFields,
    color: categoryFields.color.optional(),
    sortOrder: categoryFields.sortOrder.optional(),
    sectionIds: categoryFields.sectionIds.optional(),
    capacity: categoryFields.capacity.optional(),
  },
  { error: 'errors.invalidInput' },
);
export type CreatePriceCategoryInput = z.infer<typeof createPriceCategorySchema>;

/** The kind of a category is what its units are: it does not change (delete it and make another). */
export const updatePriceCategorySchema = z.strictObject(
  {
    name: categoryFields.name.optional(),
    priceAmount: categoryFields.priceAmount.optional(),
    color: categoryFields.color.optional(),
    sortOrder: categoryFields.sortOrder.optional(),
    sectionIds: categoryFields.sectionIds.optional(),
    capacity: categoryFields.capacity.optional(),
  },
  { error: 'errors.invalidInput' },
);
export type UpdatePriceCategoryInput = z.infer<typeof updatePriceCategorySchema>;

export const priceCategoryParamSchema = z.object({ eventId: uuidString(), categoryId: uuidString() });
export const priceCategoryListSchema = z.object({
  categories: z.array(priceCategorySchema),
  sections: z.array(venueSectionOptionSchema),
});
export const priceCategoryAnswerSchema = z.object({ category: priceCategorySchema });

// ── the console's event form ─────────────────────────────────────────────────
/**
 * What the console's event form holds before it becomes a create or PATCH body: date-times as the
 * inputs give them (Bratislava wall clock, lib/organiser/zoned-time.ts), the line-up one per line, the
 * service fee in whole units. Its rules are the API's (same limits, same message keys).
 */
const formText = (max: number) => z.object({ sk: line(max), cs: line(max), en: line(max) });
const wallClock = z.string().regex(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})?$/, `${M}.date`);
const formSchema = z.object({
  title: formText(200),
  summary: formText(500),
  description: z.object({ sk: paragraphs(20_000), cs: paragraphs(20_000), en: paragraphs(20_000) }),
  performers: multilineText(20_000, `${M}.tooLong`),
  category: eventCategorySchema,
  venueId: uuidString(`${M}.venue`),
  currency,
  startsAt: wallClock.refine((v) => v.length > 0, `${M}.date`),
  doorsAt: wallClock,
  endsAt: wallClock,
  saleStartsAt: wallClock,
  saleEndsAt: wallClock,
  prioritySaleStartsAt: wallClock,
  /** Empty: no priority access. */
  prioritySalePoints: z.string().regex(/^\s*(\d{1,8})?\s*$/, `${M}.whole`),
  maxTicketsPerOrder: count(EVENT_LIMITS.maxTicketsPerOrder.min, EVENT_LIMITS.maxTicketsPerOrder.max),
  maxTicketsPerUser: count(EVENT_LIMITS.maxTicketsPerUser.min, EVENT_LIMITS.maxTicketsPerUser.max),
  reservationMinutes: count(EVENT_LIMITS.reservationMinutes.min, EVENT_LIMITS.reservationMinutes.max),
  serviceFee: z.number({ error: `${M}.range` }).min(0, `${M}.range`).max(INT32_MAX / 100, `${M}.range`),
});
export type EventFormValues = z.infer<typeof formSchema>;

/** The event form's rules for an organisation writing in `language`: its title in that language is required. */
export const eventFormSchemaFor = (language: 'sk' | 'cs' | 'en') =>
  formSchema.superRefine((values, ctx) => {
    if (!values.title[language]) ctx.addIssue({ code: 'custom', path: ['title', language], message: `${M}.titleRequired` });
  });
export const eventFormSchema = eventFormSchemaFor('sk');
