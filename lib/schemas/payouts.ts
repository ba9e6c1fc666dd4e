// Schemas of resale payouts: the seller's bank account (profile form and API), and the admins' payout
// runs. Messages are keys in messages/*.json.
import { z } from 'zod';
import { isBic, isIban, normalizeBic, normalizeIban } from '@/lib/payouts/iban';
import { currencySchema, DIRECTIONAL_MARK, isUnsafeText, uuidString } from './primitives';

const E = 'payouts.bankAccount.errors';

/** The SEPA limit of a name in a credit transfer (Max70Text). */
export const HOLDER_NAME_MAX = 70;

// ── the seller's bank account ────────────────────────────────────────────────
/** PUT /api/v1/payouts/bank-account: typed with or without spaces; stored in the electronic format. */
export const bankAccountSchema = z
  .object({
    iban: z
      .string({ error: `${E}.ibanRequired` })
      .max(64, `${E}.iban`)
      .transform(normalizeIban)
      .refine((value) => value.length > 0, `${E}.ibanRequired`)
      .refine(isIban, `${E}.iban`),
    holderName: z
      .string({ error: `${E}.holderRequired` })
      .trim()
      .min(1, `${E}.holderRequired`)
      .min(2, `${E}.holderLength`)
      .max(HOLDER_NAME_MAX, `${E}.holderLength`)
      .refine((value) => !isUnsafeText(value) && !DIRECTIONAL_MARK.test(value), 'validation.nameInvalid'),
    /** Optional: inside SEPA the IBAN is enough. */
    bic: z
      .string({ error: `${E}.bic` })
      .max(64, `${E}.bic`)
      .transform(normalizeBic)
      .refine((value) => value === '' || isBic(value), `${E}.bic`)
      .transform((value) => value || null)
      .nullish()
      .transform((value) => value ?? null),
  })
  // A BIC names its bank's country (characters 5–6): it must be the IBAN's.
  .refine((account) => !account.bic || !isBic(account.bic) || account.bic.slice(4, 6) === account.iban.slice(0, 2), { message: `${E}.bicCountry`, path: ['bic'] });
export type BankAccountInput = z.output<typeof bankAccountSchema>;

/** A bank account as every answer shows it: the IBAN masked, never whole. */
export const bankAccountViewSchema = z.object({
  iban: z.string().describe('masked: country and check digits, then the last four characters ("SK31 •••• •••• 4567")'),
  holderName: z.string(),
  bic: z.string().nullable(),
  updatedAt: z.string(),
});
export type BankAccountView = z.infer<typeof bankAccountViewSchema>;

/** GET, PUT and DELETE /api/v1/payouts/bank-account */
export const bankAccountResultSchema = z.object({ bankAccount: bankAccountViewSchema.nullable() });

// ── payout runs (Tribuna admins) ─────────────────────────────────────────────
export const payoutRunCreateSchema = z.object({ currency: currencySchema.describe('the run pays every due payout of this currency') });

export const runIdParamSchema = z.object({ runId: uuidString() });

export const payoutRunSchema = z.object({
  id: z.string(),
  currency: currencySchema,
  status: z.enum(['prepared', 'confirmed', 'cancelled']),
  /** The file's message id (pain.001 MsgId). */
  messageId: z.string(),
  payoutCount: z.number().int(),
  /** Sum of the payouts' net amounts, minor units. */
  totalAmount: z.number().int(),
  createdAt: z.string(),
  /** Who prepared it; null: the CLI (the system). */
  createdBy: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type PayoutRunView = z.infer<typeof payoutRunSchema>;

/** Per currency: what the next run would pay, and what waits only for its seller's bank account. */
export const dueSummarySchema = z.object({
  currency: currencySchema,
  count: z.number().int(),
  total: z.number().int().describe('minor units'),
  withoutBankAccount: z.number().int().describe('payouts that would be due but whose seller has no bank account'),
});
export type DueSummary = z.infer<typeof dueSummarySchema>;

/** GET /api/v1/admin/payout-runs */
export const payoutRunsOverviewSchema = z.object({ due: z.array(dueSummarySchema), runs: z.array(payoutRunSchema) });
export type PayoutRunsOverview = z.infer<typeof payoutRunsOverviewSchema>;

/** POST /api/v1/admin/payout-runs */
export const payoutRunResultSchema = z.object({ run: payoutRunSchema });

/** POST …/{runId}/confirm and …/cancel: `changed` false when the run was already in that state (nothing happened twice). */
export const payoutRunChangeSchema = z.object({ run: payoutRunSchema, changed: z.boolean() });

// ── the organiser's payouts (payouts/organisers.ts) ──────────────────────────

/** GET /api/v1/organiser/payouts?organisation= */
export const organiserPayoutsQuerySchema = z.object({ organisation: uuidString('organiser.errors.organisationRequired') });

const minor = z.number().int().describe('minor units of the currency');

/** One payout of an organisation: a settlement period's or an event's, its figures and how it stands. */
export const organiserPayoutSchema = z.object({
  id: z.string(),
  currency: currencySchema,
  kind: z.enum(['period', 'event']),
  /** A period's month (YYYY-MM, Europe/Bratislava); null for an event's payout. */
  period: z.string().nullable(),
  /** The event's payout: its id, title (in the request's language) and start; null for a period's. */
  event: z.object({ id: z.string(), title: z.string(), startsAt: z.string() }).nullable(),
  /** Sales and refunds made before this instant are counted. */
  cutoff: z.string(),
  /** Primary ticket sales net of coupons, credit and refunds since the previous payout (the settlement's primaryNet). */
  primaryNet: minor,
  /** Tribuna's platform fee on those tickets (the settlement's ticketFees), deducted. */
  platformFee: minor,
  /** The organisation's share of the resale fees. */
  resaleShare: minor,
  /** primaryNet − platformFee + resaleShare: what Tribuna owes for this period or event. */
  owed: minor,
  /** The earlier payouts' unpaid balance (≤ 0: refunds after a payout), taken off this one. */
  carriedIn: minor,
  /** owed + carriedIn: paid when positive; otherwise nothing is paid and it is carried to the next payout. */
  amount: minor,
  /** carried: nothing to pay, the balance goes on; due: the next payout run pays it; waiting: no payout account yet; processing: in a run's file at the bank; paid. */
  status: z.enum(['carried', 'due', 'waiting', 'processing', 'paid']),
  /** The payout account, masked, once in a run. */
  paidTo: z.string().nullable(),
  /** When the run that paid it was confirmed. */
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OrganiserPayoutView = z.infer<typeof organiserPayoutSchema>;

export const organiserPayoutsSchema = z.object({
  payouts: z.array(organiserPayoutSchema),
  /** Per currency, the unpaid balance carried into the next payout (≤ 0); only currencies with payouts. */
  balances: z.array(z.object({ currency: currencySchema, carried: minor })),
});
export type OrganiserPayouts = z.infer<typeof organiserPayoutsSchema>;
