// The organiser's view of season seats released for credit (issue 18 item 3): which holders gave which match
// back to sale, what became of it, the credit granted, and what the organisation still owes in wallet credit.
import { z } from 'zod';
import { currencySchema, localizedTextSchema, moneySchema, uuidString } from './primitives';

/**
 * released: on primary sale now; sold: a fan bought it, the holder was credited; taken_back: the holder took
 * it back unsold; kept: unsold when the match's sale closed, so it went back to its holder.
 */
export const RELEASE_STATUSES = ['released', 'sold', 'taken_back', 'kept'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

/** GET /api/v1/organiser/seasons/{seasonId}/releases?eventId= — one match of the season, or all. */
export const seasonReleasesQuerySchema = z.object({ eventId: uuidString().optional() });

/** At most this many releases per answer (newest first); the totals always count them all. */
export const SEASON_RELEASES_LIMIT = 500;

export const organiserReleaseSchema = z.object({
  id: z.string(),
  match: z.object({ id: z.string(), slug: z.string(), title: localizedTextSchema, startsAt: z.string() }),
  seat: z.object({ section: localizedTextSchema, row: z.string(), seat: z.string() }).nullable().describe('null for a standing place'),
  holder: z.string().nullable().describe('the holder as "Jana N." (first name, initial of the last); null when that account was removed'),
  releasedAt: z.string(),
  resolvedAt: z.string().nullable().describe('when it sold, was taken back or went back to its holder'),
  status: z.enum(RELEASE_STATUSES),
  credit: moneySchema.describe('the season’s share of the face value, fixed when released: what the holder gets if it sells'),
  creditGranted: moneySchema.nullable().describe('the credit the holder’s wallet received (once it sold); null otherwise'),
});
export type OrganiserRelease = z.infer<typeof organiserReleaseSchema>;

export const seasonReleasesSchema = z.object({
  currency: currencySchema,
  releases: z.array(organiserReleaseSchema),
  /** More releases than the answer lists (it lists the newest SEASON_RELEASES_LIMIT). */
  more: z.boolean(),
  totals: z.object({
    released: z.number().int().describe('every release of the season (of the match, when asked for one)'),
    onSale: z.number().int(),
    sold: z.number().int(),
    creditGranted: moneySchema,
  }),
  /** The organisation's wallet credit over all its seasons, per currency: granted, spent in orders that count, and still owed. */
  walletCredit: z.array(z.object({ currency: currencySchema, granted: z.number().int(), spent: z.number().int(), outstanding: z.number().int() })),
});
export type SeasonReleases = z.infer<typeof seasonReleasesSchema>;
