import 'server-only';
import { sql } from 'drizzle-orm';

// What the public reads of events (./list.ts, ./detail.ts, ./availability.ts) agree on: which units and
// resale offers are free, which events are listed, and how money and times go out.

export type Currency = 'EUR' | 'CZK';
export type Money = { amount: number; currency: Currency };
export type PublicStatus = 'on_sale' | 'sold_out' | 'cancelled';

/** What is free is the database's rule, the one the cart's holds use (lib/server/db/functions.sql). */
export const unitIsFree = sql`unit_is_free(u.status, u.held_until, now())`;
export const listingIsFree = sql`listing_is_free(rl.status, rl.hold_id, rl.held_until, now())`;

/**
 * Whether fans may buy now (the one rule: the cart refuses holds unless 'open'; the event page and its
 * availability say the same): a published event not sold out by the organiser, not started, within its
 * sale window (sale_starts_at … sale_ends_at; either may be unset).
 */
export type SalePhase = 'open' | 'not_yet' | 'closed' | 'off';

export function salePhase(
  event: { status: string; startsAt: Date | string; saleStartsAt: Date | string | null; saleEndsAt: Date | string | null },
  now: Date = new Date(),
): SalePhase {
  if (event.status !== 'on_sale') return 'off';
  const at = now.getTime();
  if (new Date(event.startsAt).getTime() <= at) return 'closed';
  if (event.saleEndsAt && new Date(event.saleEndsAt).getTime() <= at) return 'closed';
  if (event.saleStartsAt && new Date(event.saleStartsAt).getTime() > at) return 'not_yet';
  return 'open';
}

/** Events a fan may find: published and not yet started. */
export const LISTED = sql`e.status in ('on_sale', 'sold_out') and e.starts_at > now()`;

export const iso = (value: unknown): string => new Date(value as string | Date).toISOString();
export const isoOrNull = (value: unknown): string | null => (value == null ? null : iso(value));

