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
 * sale window (sale_starts_at … sale_ends_at; either may be unset). Priority access: before
 * sale_starts_at, a fan with at least priority_sale_points points of the organiser may buy from
 * priority_sale_starts_at (`fan`: their points; without it, the phase for everyone).
 */
export type SalePhase = 'open' | 'not_yet' | 'closed' | 'off';

type Instant = Date | string;
export type SaleWindow = {
  status: string;
  startsAt: Instant;
  saleStartsAt: Instant | null;
  saleEndsAt: Instant | null;
  prioritySaleStartsAt?: Instant | null;
  prioritySalePoints?: number | null;
};

export function salePhase(event: SaleWindow, now: Date = new Date(), fan?: { points: number }): SalePhase {
  if (event.status !== 'on_sale') return 'off';
  const at = now.getTime();
  if (new Date(event.startsAt).getTime() <= at) return 'closed';
  if (event.saleEndsAt && new Date(event.saleEndsAt).getTime() <= at) return 'closed';
  const opens = saleOpensAt(event, fan);
  if (opens && opens.getTime() > at) return 'not_yet';
  return 'open';
}

/** Whether the event has a priority window before its general sale. */
export function hasPriorityWindow(event: SaleWindow): boolean {
  return Boolean(event.saleStartsAt && event.prioritySaleStartsAt && event.prioritySalePoints != null);
}

/** When the sale opens for a fan with these points (or for everyone); null: from publishing. */
export function saleOpensAt(event: SaleWindow, fan?: { points: number }): Date | null {
  if (!event.saleStartsAt) return null;
  const general = new Date(event.saleStartsAt);
  if (fan && hasPriorityWindow(event) && fan.points >= event.prioritySalePoints!) {
    const early = new Date(event.prioritySaleStartsAt!);
    return early < general ? early : general;
  }
  return general;
}

/** Events a fan may find: published and not yet started. */
export const LISTED = sql`e.status in ('on_sale', 'sold_out') and e.starts_at > now()`;

export const iso = (value: unknown): string => new Date(value as string | Date).toISOString();
export const isoOrNull = (value: unknown): string | null => (value == null ? null : iso(value));

