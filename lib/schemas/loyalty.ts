// Loyalty points per organiser (issue 18 item 6): earned for a check-in at the gate and optionally per
// euro/koruna spent; taken back on a refund or a voided ticket.
import { z } from 'zod';

/** PUT /api/v1/organiser/organisations/{orgId}/loyalty */
export const loyaltyProgramSchema = z.object({
  enabled: z.boolean(),
  attendancePoints: z.number({ error: 'loyalty.errors.points' }).int('loyalty.errors.points').min(0, 'loyalty.errors.points').max(10_000, 'loyalty.errors.points').describe('points for each ticket checked in at the gate'),
  pointsPerUnit: z
    .number({ error: 'loyalty.errors.points' })
    .int('loyalty.errors.points')
    .min(0, 'loyalty.errors.points')
    .max(1_000, 'loyalty.errors.points')
    .describe('points per whole euro or koruna of a paid order (0: none)'),
  redeemRate: z
    .number({ error: 'loyalty.errors.redeemRate' })
    .int('loyalty.errors.redeemRate')
    .min(0, 'loyalty.errors.redeemRate')
    .max(100_000, 'loyalty.errors.redeemRate')
    .default(0)
    .describe('points worth one euro or koruna when a fan pays with them in the cart (0: points are not spent)'),
  redeemMaxPercent: z
    .number({ error: 'loyalty.errors.redeemMaxPercent' })
    .int('loyalty.errors.redeemMaxPercent')
    .min(1, 'loyalty.errors.redeemMaxPercent')
    .max(100, 'loyalty.errors.redeemMaxPercent')
    .default(100)
    .describe('at most this share (percent) of an order’s tickets may be paid with points'),
});
export type LoyaltyProgramInput = z.infer<typeof loyaltyProgramSchema>;

// ── answers ──────────────────────────────────────────────────────────────────
export const loyaltyProgramResultSchema = loyaltyProgramSchema.extend({ members: z.number().int().describe('fans with points of this organiser') });
export type LoyaltyProgram = z.infer<typeof loyaltyProgramResultSchema>;

export const loyaltyEntrySchema = z.object({
  id: z.string(),
  organisation: z.object({ id: z.string(), name: z.string() }),
  points: z.number().int().describe('positive: earned; negative: taken back'),
  kind: z.enum(['attendance', 'purchase', 'redemption', 'reversal']).describe('redemption: spent in a cart'),
  /** What the reversal took back (a redemption's reversal gives spent points back). */
  reverses: z.enum(['attendance', 'purchase', 'redemption']).nullable(),
  event: z.object({ slug: z.string(), title: z.object({ sk: z.string(), cs: z.string(), en: z.string() }) }).nullable(),
  createdAt: z.string(),
});
export type LoyaltyEntry = z.infer<typeof loyaltyEntrySchema>;

/** GET /api/v1/loyalty: the caller's points per organiser and the latest ledger lines. */
export const loyaltySchema = z.object({
  balances: z.array(z.object({ organisation: z.object({ id: z.string(), name: z.string() }), points: z.number().int() })),
  entries: z.array(loyaltyEntrySchema).describe('the newest 100'),
});
export type Loyalty = z.infer<typeof loyaltySchema>;
