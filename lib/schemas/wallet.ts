// Releasing one match of a season ticket for credit, and the Tribuna wallet it credits (issue 18 item 3).
import { z } from 'zod';
import { currencySchema, moneySchema } from './primitives';

const localizedText = z.object({ sk: z.string(), cs: z.string(), en: z.string() });

/** POST /api/v1/tickets/{id}/release — the share the fan was shown; a changed share is refused (RELEASE_SHARE_CHANGED). */
export const releaseRequestSchema = z.strictObject(
  {
    sharePercent: z
      .number({ error: 'errors.invalidInput' })
      .int('errors.invalidInput')
      .min(0, 'errors.invalidInput')
      .max(100, 'errors.invalidInput')
      .describe("the season's credit share (releaseSharePercent) the fan agreed to"),
  },
  { error: 'errors.invalidInput' },
);
export type ReleaseRequest = z.infer<typeof releaseRequestSchema>;

export const releaseResultSchema = z.object({
  release: z.object({
    id: z.uuid(),
    ticketId: z.uuid(),
    eventId: z.uuid(),
    creditAmount: z.number().int().describe('minor units the holder is credited if the seat sells'),
    currency: currencySchema,
  }),
});

/** GET /api/v1/wallet — the caller's wallet credit per organiser and the ledger's newest entries. */
export const walletSchema = z.object({
  wallets: z.array(z.object({ organisation: z.object({ id: z.string(), name: z.string() }), balance: moneySchema })),
  entries: z.array(
    z.object({
      id: z.string(),
      kind: z
        .enum(['release_credit', 'refund_credit', 'order_spend'])
        .describe("release_credit: a released season seat sold; refund_credit: a cancelled match's share of a season ticket; order_spend: used in an order"),
      amount: moneySchema.describe('positive; a spend takes it off'),
      organisation: z.object({ id: z.string(), name: z.string() }),
      event: z.object({ id: z.string(), slug: z.string(), title: localizedText }).nullable(),
      counts: z.boolean().describe('false: a spend whose order was refunded or never paid — its credit is back'),
      createdAt: z.string(),
    }),
  ),
});
export type Wallet = z.infer<typeof walletSchema>;
