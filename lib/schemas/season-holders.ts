// The ticket office's list of a season's holders (lib/server/seasons/holders.ts): its filters, its answer.
import { z } from 'zod';
import { currencySchema, uuidString } from './primitives';

const yesNo = z.enum(['yes', 'no'], { error: 'errors.invalidInput' });

/** ?renewed=yes|no&category={seasonCategoryId}&mail=yes|no; a filter left out (or empty) shows everyone. */
export const seasonHoldersQuerySchema = z.object({
  renewed: z.preprocess((v) => (v === '' ? undefined : v), yesNo.optional()),
  category: z.preprocess((v) => (v === '' ? undefined : v), uuidString().optional()),
  mail: z.preprocess((v) => (v === '' ? undefined : v), yesNo.optional()),
});
export type SeasonHoldersQuery = z.infer<typeof seasonHoldersQuerySchema>;

export const seasonHoldersSchema = z.object({
  currency: currencySchema,
  /** The whole season's renewal, whatever the filters: last season's holders, how many renewed, how many not yet. */
  counts: z.object({ lastSeason: z.number().int(), renewed: z.number().int(), notRenewed: z.number().int() }),
  holders: z.array(
    z.object({
      id: z.string().describe('the season ticket'),
      name: z.string(),
      email: z.string().nullable(),
      seat: z.object({ section: z.string(), row: z.string(), seat: z.string() }),
      category: z.object({ id: z.string(), name: z.string() }).nullable().describe('the season category of the seat'),
      renewed: z.boolean().describe('held the renewed-from season’s seat and bought this one'),
      paid: z.number().int().nullable().describe('minor units their paid season order(s) paid for this seat; null: no order (issued by hand)'),
      acceptsMail: z.boolean().describe('email on for the organiser’s announcements in their notification settings'),
    }),
  ),
});
export type SeasonHolders = z.infer<typeof seasonHoldersSchema>;
