import 'server-only';
import { resaleCap, type ResaleCapPolicy } from '@/lib/money';

/**
 * The highest resale price the organiser allows for a ticket bought for `pricePaid` (its price paid on
 * the primary market: eligibility.ts resaleFacts — a child ticket's concession price, a season match's
 * share, 0 for a free ticket; never the category's face value, which a concession did not pay), or null
 * for "no cap". The arithmetic is the money module's (lib/money.ts resaleCap).
 */
export function resaleCapFor(policy: ResaleCapPolicy, pricePaid: number): number | null {
  return resaleCap(policy, pricePaid);
}

/** Resale closes `resaleWindowHours` before the start. */
export function resaleClosesAt(event: { startsAt: Date; resaleWindowHours: number }): Date {
  return new Date(event.startsAt.getTime() - event.resaleWindowHours * 3_600_000);
}
