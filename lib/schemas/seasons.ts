// Schemas of seasons and season tickets: the organiser console's season forms, the fan's season sale
// and renewal, shared by forms and API handlers. Messages are keys in messages/*.json.
import { z } from 'zod';
import { currencySchema, instant, localizedTextSchema, plainText, recipientEmail, uuidString } from './primitives';

const M = 'seasons.errors';

// ── organiser ─────────────────────────────────────────────────────────────────
/** 'payment': back to the card (or whatever paid); 'credit': wallet credit with the club. */
export const seasonRefundModeSchema = z.enum(['payment', 'credit'], { error: `${M}.refundMode` });
export type SeasonRefundMode = z.infer<typeof seasonRefundModeSchema>;
const seasonName = () => plainText(`${M}.name`).min(1, `${M}.name`).max(120, `${M}.name`);
const seasonFields = {
  name: z.object({ sk: seasonName(), cs: seasonName(), en: seasonName() }),
  saleOpensAt: instant().nullable(),
  saleClosesAt: instant().nullable(),
  renewalOpensAt: instant().nullable(),
  renewalClosesAt: instant().nullable(),
  transferEnabled: z.boolean({ error: 'errors.invalidInput' }),
  releaseSharePercent: z.number({ error: `${M}.share` }).int(`${M}.share`).min(0, `${M}.share`).max(100, `${M}.share`),
  /** How a holder gets a cancelled match's share back; a season made without it refunds to the payment. */
  cancelRefundMode: seasonRefundModeSchema.optional(),
};

export const seasonCreateSchema = z.strictObject({
  organisation: uuidString('organiser.errors.organisationRequired'),
  venueId: uuidString('organiser.events.errors.venueNotFound'),
  currency: currencySchema,
  /** The season whose holders may renew their seat in this one. */
  renewsSeasonId: uuidString().nullable(),
  ...seasonFields,
});
export type SeasonCreateInput = z.infer<typeof seasonCreateSchema>;

export const seasonPatchSchema = z.strictObject(seasonFields).partial();
export type SeasonPatchInput = z.infer<typeof seasonPatchSchema>;

/**
 * The season's categories with their prices and which price category of each match sells in which of them
 * (issue 28 item 7), saved as one document: categories with an id are updated, new ones added, the rest
 * deleted; every seated price category of the season's matches is mapped as `mapping` says (`category`: an
 * index into `categories`), one not listed is unmapped — its seats are not on season sale.
 */
export const seasonCategoriesSchema = z.strictObject({
  categories: z
    .array(
      z.strictObject({
        id: uuidString(`${M}.category`).nullable(),
        name: z.object({ sk: seasonName(), cs: seasonName(), en: seasonName() }),
        color: z.string({ error: `${M}.color` }).regex(/^#[0-9a-fA-F]{6}$/, `${M}.color`),
        price: z.number({ error: `${M}.price` }).int(`${M}.price`).min(1, `${M}.price`).max(100_000_000, `${M}.price`),
      }),
    )
    .max(30, `${M}.category`),
  mapping: z.array(z.strictObject({ ticketTypeId: uuidString(`${M}.category`), category: z.number({ error: `${M}.category` }).int(`${M}.category`).min(0, `${M}.category`).nullable() })).max(2000, `${M}.category`),
});
export type SeasonCategoriesInput = z.infer<typeof seasonCategoriesSchema>;

export const seasonMatchSchema = z.strictObject({ eventId: uuidString(`${M}.match`) });

export const seasonIdParamSchema = z.object({ seasonId: uuidString() });

/** PUT …/seasons/{seasonId}/template: the match new matches of the season start from (null: none). */
export const seasonTemplateSchema = z.strictObject({ eventId: uuidString(`${M}.match`).nullable() }, { error: 'errors.invalidInput' });
/** POST …/seasons/{seasonId}/matches/from-template: a new draft match from the season's template, at `startsAt`. */
export const matchFromTemplateSchema = z.strictObject({ startsAt: instant('organiser.events.validation.date') }, { error: 'errors.invalidInput' });

export const organiserSeasonSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: localizedTextSchema,
  venue: z.object({ id: z.string(), name: z.string() }),
  currency: currencySchema,
  renewsSeason: z.object({ id: z.string(), name: localizedTextSchema }).nullable(),
  saleOpensAt: z.string().nullable(),
  saleClosesAt: z.string().nullable(),
  renewalOpensAt: z.string().nullable(),
  renewalClosesAt: z.string().nullable(),
  transferEnabled: z.boolean(),
  releaseSharePercent: z.number().int(),
  cancelRefundMode: seasonRefundModeSchema,
  /** The match new matches start from (POST …/matches/from-template); null: none chosen. */
  templateEventId: z.string().nullable(),
  holders: z.number().int(),
  /** Each match with its seated price categories and the season category each is mapped onto (null: not on season sale). */
  matches: z.array(
    z.object({
      id: z.string(),
      title: localizedTextSchema,
      startsAt: z.string(),
      status: z.string(),
      priceCategories: z.array(z.object({ id: z.string(), code: z.string(), name: localizedTextSchema, color: z.string(), seasonCategoryId: z.string().nullable() })),
    }),
  ),
  /** The season's categories with the season-ticket price of each, in their order. */
  categories: z.array(z.object({ id: z.string(), name: localizedTextSchema, color: z.string(), price: z.number().int() })),
  /** The organisation's events at the venue not in a season yet, to add. */
  candidates: z.array(z.object({ id: z.string(), title: localizedTextSchema, startsAt: z.string() })),
});
export type OrganiserSeason = z.infer<typeof organiserSeasonSchema>;
export const organiserSeasonAnswerSchema = z.object({ season: organiserSeasonSchema });
export const organiserSeasonListSchema = z.object({ seasons: z.array(organiserSeasonSchema) });
export const seasonMatchAddedSchema = z.object({ season: organiserSeasonSchema, issued: z.number().int(), missing: z.number().int() });
export const matchFromTemplateAnswerSchema = seasonMatchAddedSchema.extend({ eventId: z.string().describe('the new draft match') });

// ── fans ──────────────────────────────────────────────────────────────────────
/** A season's id or slug: letters, digits, dashes and underscores only (anything else is no season and never reaches the database). */
export const seasonRefParamSchema = z.object({ seasonId: z.string().min(1).max(200).regex(/^[\w-]+$/) });
export const seasonPurchaseSchema = z.strictObject({ seatIds: z.array(uuidString()).min(1, `${M}.pickSeat`).max(10) });
export const seasonPaymentSchema = z.object({ orderId: z.string(), paymentUrl: z.string(), paid: z.boolean() });
export const seasonSeatStateSchema = z.enum(['free', 'renew', 'reserved', 'mine', 'sold', 'taken']);
export const seasonSaleSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: localizedTextSchema,
  currency: currencySchema,
  venue: z.object({ name: z.string(), city: z.string(), width: z.number(), height: z.number(), outline: z.array(z.unknown()) }),
  saleOpensAt: z.string().nullable(),
  saleClosesAt: z.string().nullable(),
  renewalOpensAt: z.string().nullable(),
  renewalClosesAt: z.string().nullable(),
  saleOpen: z.boolean(),
  renewalOpen: z.boolean(),
  matches: z.array(z.object({ id: z.string(), slug: z.string(), title: localizedTextSchema, startsAt: z.string() })),
  /** The season categories the seats are priced in (each seat's categoryId). */
  prices: z.array(z.object({ categoryId: z.string(), name: localizedTextSchema, price: z.number().int(), color: z.string() })),
  sections: z.array(
    z.object({
      id: z.string(),
      name: localizedTextSchema,
      labelX: z.number().nullable(),
      labelY: z.number().nullable(),
      rows: z.array(z.object({ label: z.string(), seats: z.array(z.object({ id: z.string(), label: z.string(), x: z.number(), y: z.number(), categoryId: z.string().nullable(), state: seasonSeatStateSchema })) })),
    }),
  ),
});
export type SeasonSaleAnswer = z.infer<typeof seasonSaleSchema>;

export const renewalSchema = z.object({
  seasonId: z.string(),
  seasonSlug: z.string(),
  seasonName: localizedTextSchema,
  renewalClosesAt: z.string(),
  currency: currencySchema,
  /** The season ticket's price for the seat's category, minor units. */
  price: z.number().int(),
  seat: z.object({ section: localizedTextSchema, row: z.string(), seat: z.string() }),
});
export type RenewalAnswer = z.infer<typeof renewalSchema>;
export const renewalListSchema = z.object({ renewals: z.array(renewalSchema) });

export const seasonTicketIdParamSchema = z.object({ id: uuidString() });
/** The season-ticket transfer form and POST /api/v1/season-tickets/{id}/transfer. */
export const seasonTransferSchema = z.strictObject({ email: recipientEmail });
export const seasonTransferResultSchema = z.object({ ok: z.literal(true), toEmail: z.string(), moved: z.number().int() });
