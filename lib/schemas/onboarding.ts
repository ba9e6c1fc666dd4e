// Schemas of onboarding (lib/server/onboarding/): a person's application to sell on Tribuna, the admins'
// review of it, and the organisation's legal profile in the console. Shared by the forms and the API;
// messages are keys in messages/*.json (namespace onboarding).
import { z } from 'zod';
import { compactId, isDic, isIco, isVatId, LEGAL_COUNTRIES, type LegalCountry } from '@/lib/legal-ids';
import { isBic, isIban, normalizeBic, normalizeIban } from '@/lib/payouts/iban';
import { INT32_MAX, multilineText, plainText, uuidString } from './primitives';

const E = 'onboarding.errors';

const line = (min: number, max: number, message: string) => plainText(message).min(min, message).max(max, message);

/** A postcode of Slovakia or the Czech Republic: 5 digits, typed with or without the space ("811 08"). */
const postcode = plainText(`${E}.postcode`)
  .transform((v) => v.replace(/\s+/g, ''))
  .refine((v) => /^\d{5}$/.test(v), `${E}.postcode`)
  .transform((v) => `${v.slice(0, 3)} ${v.slice(3)}`);

const idText = (message: string) =>
  plainText(message)
    .max(32, message)
    .transform(compactId);

const iban = z
  .string({ error: `${E}.ibanRequired` })
  .max(64, `${E}.iban`)
  .transform(normalizeIban)
  .refine((value) => value.length > 0, `${E}.ibanRequired`)
  .refine(isIban, `${E}.iban`);

/** Optional: inside SEPA the IBAN is enough. */
const bic = z
  .string({ error: `${E}.bic` })
  .max(64, `${E}.bic`)
  .transform(normalizeBic)
  .refine((value) => value === '' || isBic(value), `${E}.bic`)
  .transform((value) => value || null)
  .nullish()
  .transform((value) => value ?? null);

const vatId = plainText(`${E}.vatId`)
  .max(32, `${E}.vatId`)
  .transform(compactId)
  .transform((v) => v || null)
  .nullish()
  .transform((v) => v ?? null);

/** The legal profile's fields: who sells (name, form, registered address), the tax data and the bank account. */
const legalFields = {
  legalName: line(2, 200, `${E}.legalName`),
  legalForm: line(1, 60, `${E}.legalForm`),
  street: line(2, 200, `${E}.street`),
  city: line(1, 100, `${E}.city`),
  postcode,
  ico: idText(`${E}.ico`).refine(isIco, `${E}.ico`),
  dic: idText(`${E}.dic`),
  vatRegistered: z.boolean({ error: `${E}.vatRegistered` }),
  vatId,
  iban,
  bic,
};

type LegalShape = { dic: string; vatRegistered: boolean; vatId: string | null; iban: string; bic: string | null };

/**
 * The rules that depend on the country: the DIČ's and VAT number's format, a VAT number exactly when
 * VAT-registered, and a BIC of the IBAN's country. Each issue at its field.
 */
export function checkLegalProfile(value: LegalShape, country: LegalCountry, issue: (message: string, path: string) => void): void {
  if (!isDic(value.dic, country)) issue(country === 'SK' ? `${E}.dicSk` : `${E}.dicCz`, 'dic');
  if (value.vatRegistered && !value.vatId) issue(`${E}.vatIdRequired`, 'vatId');
  if (value.vatId && !isVatId(value.vatId, country)) issue(country === 'SK' ? `${E}.vatIdSk` : `${E}.vatIdCz`, 'vatId');
  if (value.bic && isBic(value.bic) && value.bic.slice(4, 6) !== value.iban.slice(0, 2)) issue(`${E}.bicCountry`, 'bic');
}

const phone = plainText(`${E}.phone`)
  .max(32, `${E}.phone`)
  .refine((v) => /^\+?[0-9][0-9 ()/-]{5,30}$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 6, `${E}.phone`);

const email = plainText('validation.emailInvalid')
  .max(254, 'validation.emailInvalid')
  .refine((v) => z.email().safeParse(v).success, 'validation.emailInvalid')
  .transform((v) => v.toLowerCase());

/** POST /api/v1/onboarding/application (a new one) and PUT (the open one, changed as the admin asked). */
export const applicationSchema = z
  .object({
    name: line(2, 120, `${E}.name`).describe('the name fans see'),
    kind: z.enum(['club', 'promoter', 'festival'], { error: `${E}.kind` }),
    country: z.enum(LEGAL_COUNTRIES, { error: `${E}.country` }).describe('of the registered office: decides the DIČ and VAT number formats'),
    ...legalFields,
    contactEmail: email,
    contactPhone: phone,
    language: z.enum(['sk', 'cs', 'en'], { error: `${E}.language` }),
    currency: z.enum(['EUR', 'CZK'], { error: `${E}.currency` }),
    acceptTerms: z.literal(true, { error: `${E}.terms` }).describe('the organiser terms (/terms#organisers)'),
  })
  .superRefine((value, ctx) => checkLegalProfile(value, value.country, (message, path) => ctx.addIssue({ code: 'custom', message, path: [path] })));
export type ApplicationInput = z.output<typeof applicationSchema>;
export type ApplicationForm = z.input<typeof applicationSchema>;

export const applicationStatusSchema = z.enum(['pending', 'changes_requested', 'approved', 'rejected']);

/** An application as its applicant and the admins see it. */
export const applicationViewSchema = z.object({
  id: z.string(),
  status: applicationStatusSchema,
  organisation: z.object({ id: z.string(), slug: z.string(), approved: z.boolean() }),
  applicant: z.object({ name: z.string(), email: z.string(), locale: z.enum(['sk', 'cs', 'en']) }),
  name: z.string(),
  kind: z.enum(['club', 'promoter', 'festival']),
  country: z.enum(LEGAL_COUNTRIES),
  legalName: z.string(),
  legalForm: z.string(),
  street: z.string(),
  city: z.string(),
  postcode: z.string(),
  ico: z.string(),
  dic: z.string(),
  vatRegistered: z.boolean(),
  vatId: z.string().nullable(),
  iban: z.string(),
  bic: z.string().nullable(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  language: z.enum(['sk', 'cs', 'en']),
  currency: z.enum(['EUR', 'CZK']),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewMessage: z.string().nullable(),
  platformFeePerTicket: z.number().int(),
  platformFeeBps: z.number().int(),
});
export type ApplicationView = z.infer<typeof applicationViewSchema>;

/** GET /api/v1/onboarding/application: the caller's latest application, or null. */
export const myApplicationSchema = z.object({ application: applicationViewSchema.nullable() });
export const applicationResultSchema = z.object({ application: applicationViewSchema });
export const applicationListSchema = z.object({ applications: z.array(applicationViewSchema) });

export const applicationIdParamSchema = z.object({ applicationId: uuidString() });

const reviewMessage = multilineText(4000, 'validation.tooLong', `${E}.message`).refine((v) => v.length > 0, `${E}.message`);

/** POST /api/v1/admin/applications/{applicationId}/changes and …/reject: the message mailed to the applicant. */
export const reviewSchema = z.object({ message: reviewMessage });

/** Tribuna's fee per ticket at most 100 EUR / 100 CZK… in minor units; a share at most 50 % (5 000 basis points). */
export const MAX_FEE_PER_TICKET = 10_000;
export const MAX_FEE_BPS = 5_000;

/**
 * The platform fee of the commercial terms, as an admin sets it at approval and changes it later
 * (lib/schemas/organisations.ts): the one rule of what a fee may be.
 */
export const platformFeeFields = {
  platformFeePerTicket: z.number({ error: `${E}.feePerTicket` }).int(`${E}.feePerTicket`).min(0, `${E}.feePerTicket`).max(Math.min(MAX_FEE_PER_TICKET, INT32_MAX), `${E}.feePerTicket`).describe('minor units of the organisation’s currency per ticket sold'),
  platformFeeBps: z.number({ error: `${E}.feeBps` }).int(`${E}.feeBps`).min(0, `${E}.feeBps`).max(MAX_FEE_BPS, `${E}.feeBps`).describe('a share of the ticket price in basis points (250 = 2.5 %)'),
};

/** POST /api/v1/admin/applications/{applicationId}/approve: the commercial terms and the message. */
export const approveSchema = z.object({ message: reviewMessage, ...platformFeeFields });
export type ApproveInput = z.output<typeof approveSchema>;

// ── the legal profile (console, owners) ──────────────────────────────────────
/** PUT /api/v1/organiser/organisations/{orgId}/legal-profile: the whole profile; the password when the bank account or tax data change. */
export const legalProfileSchema = z.object({
  ...legalFields,
  currentPassword: z.string({ error: `${E}.passwordRequired` }).max(200, `${E}.passwordRequired`).optional().describe('required when the bank account or the tax data change'),
});
export type LegalProfileInput = z.output<typeof legalProfileSchema>;

const sensitiveSchema = z.object({
  ico: z.string(),
  dic: z.string(),
  vatRegistered: z.boolean(),
  vatId: z.string().nullable(),
  iban: z.string(),
  bic: z.string().nullable(),
});

/** How Tribuna pays the organisation what it owes: once per settlement period (a calendar month) or after each event. */
export const PAYOUT_SCHEDULES = ['period', 'event'] as const;

/** PUT /api/v1/organiser/organisations/{orgId}/payout-schedule: the owner's choice. */
export const payoutScheduleSchema = z.object({
  schedule: z.enum(PAYOUT_SCHEDULES, { error: `${E}.payoutSchedule` }).describe('period: one payout per settlement period (a calendar month); event: one after each event'),
});
export type PayoutScheduleInput = z.output<typeof payoutScheduleSchema>;

export const legalProfileViewSchema = z.object({
  orgId: z.string(),
  country: z.enum(LEGAL_COUNTRIES),
  approved: z.boolean(),
  approvedAt: z.string().nullable(),
  platformFeePerTicket: z.number().int(),
  platformFeeBps: z.number().int(),
  currency: z.enum(['EUR', 'CZK']),
  legalName: z.string(),
  legalForm: z.string(),
  street: z.string(),
  city: z.string(),
  postcode: z.string(),
  ...sensitiveSchema.shape,
  payoutSchedule: z.enum(PAYOUT_SCHEDULES),
  /** The bank account or tax data waiting out the cooling period, and when they apply. */
  pending: sensitiveSchema.extend({ requestedAt: z.string(), effectiveAt: z.string() }).nullable(),
});
export type LegalProfileView = z.infer<typeof legalProfileViewSchema>;
