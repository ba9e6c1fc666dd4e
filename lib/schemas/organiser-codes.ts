// Schemas of the organiser console's resale rules, organisation settings, coupons and redeem codes,
// shared by the console's forms and the API handlers. Messages are keys in messages/*.json.
import { z } from 'zod';
import { currencySchema, instant, plainText, uuidString } from './primitives';

const M = 'organiser.codes.errors';
const R = 'organiser.resale.errors';
const S = 'organiser.settings.errors';

/** A whole number within bounds, or null ("not set"); `message` for anything else. */
const intIn = (min: number, max: number, message: string) => z.number({ error: message }).int(message).min(min, message).max(max, message);

// ── resale rules ──────────────────────────────────────────────────────────────
/**
 * An event's (or an organisation's default) resale and gifting rules. Resale needs a cap: a market
 * without a maximum price is what the spec's organisers want to prevent.
 */
export const resalePolicySchema = z
  .object({
    transferEnabled: z.boolean({ error: 'errors.invalidInput' }),
    resaleEnabled: z.boolean({ error: 'errors.invalidInput' }),
    /** Cap as a percentage of face value (100 = face value). */
    resaleCapPercent: intIn(50, 300, `${R}.capPercent`).nullable(),
    /** Absolute cap, minor units of the event's currency. */
    resaleCapAmount: intIn(1, 100_000_000, `${R}.capAmount`).nullable(),
    /** Resale closes this many hours before the start. */
    resaleWindowHours: intIn(0, 720, `${R}.windowHours`),
    /** Basis points: 500 = 5 %. */
    resaleSellerFeeBps: intIn(0, 3000, `${R}.feeBps`),
    resaleBuyerFeeBps: intIn(0, 3000, `${R}.feeBps`),
    /**
     * The organiser's share of the resale fees (seller's and buyer's), in percent (0–100): fixed on each
     * resale when it sells and paid with the organiser's settlement; the rest of the fees is Tribuna's.
     */
    resaleOrganiserSharePercent: intIn(0, 100, `${R}.sharePercent`),
    /** Free tickets (redeem codes, comps) may be resold, capped like any at their price paid (0) unless only an absolute cap is set. */
    freeTicketsResale: z.boolean({ error: 'errors.invalidInput' }).default(false),
  })
  .refine((p) => !p.resaleEnabled || p.resaleCapPercent != null || p.resaleCapAmount != null, { message: `${R}.capRequired`, path: ['resaleCapPercent'] });
export type ResalePolicyInput = z.infer<typeof resalePolicySchema>;

/** GET /api/v1/organiser/events/{eventId}/resale-policy */
export const resalePolicyViewSchema = z.object({
  policy: resalePolicySchema,
  currency: currencySchema,
  /** Listings on sale now (status active). */
  activeListings: z.number().int(),
});

/** POST /api/v1/organiser/events/{eventId}/resale-policy/preview */
export const resalePreviewSchema = z.object({
  activeListings: z.number().int(),
  /** How many of them saving this policy would withdraw. */
  withdraw: z.number().int(),
});

/** PUT /api/v1/organiser/events/{eventId}/resale-policy */
export const resalePolicyResultSchema = z.object({
  policy: resalePolicySchema,
  /** Listings withdrawn by this change (their sellers were emailed). */
  withdrawn: z.number().int(),
});

// ── organisation settings ────────────────────────────────────────────────────
export const orgSettingsSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** ISO country; the default absolute cap is in CZK for CZ, else EUR. */
  country: z.string(),
  /** The organisation's own language: its texts' required first language, the one empty texts are read in. */
  language: z.enum(['sk', 'cs', 'en']),
  /** The currency its new events start in. */
  currency: currencySchema,
  website: z.string().nullable(),
  contactEmail: z.string().nullable(),
  resaleDefaults: resalePolicySchema,
});

const optionalText = (max: number, message: string) =>
  plainText(message)
    .max(max, message)
    .transform((v) => (v === '' ? null : v))
    .nullable();

/** PATCH /api/v1/organiser/organisations/{orgId}/settings — only what is sent changes. */
export const orgSettingsPatchSchema = z.object({
  name: plainText(`${S}.nameRequired`).min(2, `${S}.nameRequired`).max(120, `${S}.nameTooLong`).optional(),
  website: optionalText(300, `${S}.websiteInvalid`)
    .refine((v) => v == null || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), `${S}.websiteInvalid`)
    .optional(),
  contactEmail: optionalText(254, 'validation.emailInvalid')
    .refine((v) => v == null || z.email().safeParse(v).success, 'validation.emailInvalid')
    .optional(),
  language: z.enum(['sk', 'cs', 'en'], { error: `${S}.language` }).optional(),
  currency: z.enum(['EUR', 'CZK'], { error: `${S}.currency` }).optional(),
  resaleDefaults: resalePolicySchema.optional(),
});
export type OrgSettingsPatch = z.infer<typeof orgSettingsPatchSchema>;

// ── coupons ───────────────────────────────────────────────────────────────────
/** Letters, digits, - and _; stored upper-case (fans type codes any way). */
export const couponCodeSchema = plainText(`${M}.codeInvalid`, `${M}.codeRequired`)
  .min(3, `${M}.codeInvalid`)
  .max(32, `${M}.codeInvalid`)
  .regex(/^[A-Za-z0-9_-]+$/, `${M}.codeInvalid`)
  .transform((v) => v.toUpperCase());

const couponLimits = {
  validFrom: instant().nullable().optional(),
  validUntil: instant().nullable().optional(),
  maxUses: intIn(1, 1_000_000, `${M}.maxUses`).nullable().optional(),
  maxUsesPerUser: intIn(1, 1_000, `${M}.maxUses`).nullable().optional(),
};

const windowOk = (c: { validFrom?: string | null; validUntil?: string | null }) => !c.validFrom || !c.validUntil || new Date(c.validUntil) > new Date(c.validFrom);

/** POST /api/v1/organiser/coupons */
export const couponCreateSchema = z
  .object({
    organisation: uuidString('organiser.errors.organisationRequired'),
    code: couponCodeSchema,
    kind: z.enum(['percent', 'fixed'], { error: `${M}.kindInvalid` }),
    /** Percent (1–100) or minor units of `currency`. */
    value: intIn(1, 100_000_000, `${M}.valueInvalid`),
    currency: currencySchema.nullable().optional(),
    /** Scope: null = every event of the organisation. */
    eventId: uuidString().nullable().optional(),
    /** Price category codes of that event; null or empty = all of them. */
    ticketTypeCodes: z.array(plainText().min(1).max(32)).max(50).nullable().optional(),
    ...couponLimits,
  })
  .refine((c) => c.kind !== 'percent' || c.value <= 100, { message: `${M}.percentInvalid`, path: ['value'] })
  .refine((c) => c.kind !== 'fixed' || c.currency != null, { message: `${M}.currencyRequired`, path: ['currency'] })
  .refine((c) => !c.ticketTypeCodes?.length || c.eventId != null, { message: `${M}.categoriesNeedEvent`, path: ['ticketTypeCodes'] })
  .refine(windowOk, { message: `${M}.windowInvalid`, path: ['validUntil'] });
export type CouponCreateInput = z.infer<typeof couponCreateSchema>;

/**
 * PATCH /api/v1/organiser/coupons/{couponId}: its value, window, limits, and `active: false` to
 * deactivate it. The code, kind and scope stay: a different offer is a new coupon.
 */
export const couponPatchSchema = z
  .object({
    value: intIn(1, 100_000_000, `${M}.valueInvalid`).optional(),
    active: z.boolean({ error: 'errors.invalidInput' }).optional(),
    ...couponLimits,
  })
  .refine(windowOk, { message: `${M}.windowInvalid`, path: ['validUntil'] });
export type CouponPatchInput = z.infer<typeof couponPatchSchema>;

export const couponIdParamSchema = z.object({ couponId: uuidString() });

/** What state a coupon is in (lib/server/coupons/status.ts, the one rule the cart refuses by too). */
export const COUPON_STATUSES = ['active', 'scheduled', 'expired', 'used-up', 'inactive'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

export const couponSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  value: z.number().int(),
  currency: currencySchema.nullable(),
  eventId: z.string().nullable(),
  eventTitle: z.string().nullable(),
  ticketTypeCodes: z.array(z.string()).nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerUser: z.number().int().nullable(),
  /** Paid or pending orders that counted a use. */
  usedCount: z.number().int(),
  /** Carts it was redeemed in, newest first (at most 20). */
  redemptions: z.array(z.object({ email: z.string().nullable(), at: z.string() })),
  active: z.boolean(),
  /** Active, not yet valid, expired, used up, or turned off by the organiser. */
  status: z.enum(COUPON_STATUSES),
  createdAt: z.string(),
});
export const couponListSchema = z.object({ coupons: z.array(couponSchema) });
export const couponResultSchema = z.object({ coupon: couponSchema });

// ── redeem codes ─────────────────────────────────────────────────────────────
export const REDEEM_BATCH_MAX = 5000;

/** POST /api/v1/organiser/redeem-codes */
export const redeemBatchCreateSchema = z.object({
  eventId: uuidString(`${M}.eventRequired`),
  categoryId: uuidString(`${M}.categoryRequired`),
  count: intIn(1, REDEEM_BATCH_MAX, `${M}.countInvalid`),
  expiresAt: instant().nullable().optional(),
});
export type RedeemBatchCreateInput = z.infer<typeof redeemBatchCreateSchema>;

export const redeemBatchSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventTitle: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  count: z.number().int(),
  used: z.number().int(),
  deactivated: z.number().int(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});

export const redeemBatchCreatedSchema = z.object({ batch: redeemBatchSchema, codes: z.array(z.string()) });

export const redeemCodeRowSchema = z.object({
  id: z.string(),
  code: z.string(),
  usedAt: z.string().nullable(),
  usedByEmail: z.string().nullable(),
  active: z.boolean(),
});

/** GET /api/v1/organiser/redeem-codes: `?organisation=` lists the batches, `?batch=` one batch with its codes. */
export const redeemListQuerySchema = z
  .object({
    organisation: uuidString('organiser.errors.organisationRequired').optional(),
    batch: uuidString().optional(),
  })
  .refine((q) => (q.organisation ? !q.batch : Boolean(q.batch)), { message: 'organiser.errors.organisationRequired', path: ['organisation'] });

export const redeemBatchListSchema = z.object({ batches: z.array(redeemBatchSchema) });
export const redeemBatchCodesSchema = z.object({ batch: redeemBatchSchema, codes: z.array(redeemCodeRowSchema) });
export const redeemListSchema = z.union([redeemBatchListSchema, redeemBatchCodesSchema]);

/** GET /api/v1/organiser/redeem-codes.csv?batch= */
export const redeemCsvQuerySchema = z.object({ batch: uuidString() });

/** PATCH /api/v1/organiser/redeem-codes/{codeId} */
export const redeemCodePatchSchema = z.object({ active: z.boolean({ error: 'errors.invalidInput' }) });
export const redeemCodeIdParamSchema = z.object({ codeId: uuidString() });
export const redeemCodeResultSchema = z.object({ code: redeemCodeRowSchema });
