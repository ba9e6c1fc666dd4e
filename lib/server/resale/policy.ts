import 'server-only';

type CapPolicy = { resaleCapPercent: number | null; resaleCapAmount: number | null };

/**
 * The highest resale price the organiser allows for a ticket bought for `pricePaid` (its price paid on
 * the primary market: eligibility.ts resaleFacts — a child ticket's concession price, a season match's
 * share, 0 for a free ticket; never the category's face value, which a concession did not pay), or null
 * for "no cap". Both caps may be set (e.g. 120 % but never over 110 €): the lower one wins.
 */
export function resaleCapFor(policy: CapPolicy, pricePaid: number): number | null {
  const caps: number[] = [];
  if (policy.resaleCapPercent != null) caps.push(Math.floor((pricePaid * policy.resaleCapPercent) / 100));
  if (policy.resaleCapAmount != null) caps.push(policy.resaleCapAmount);
  return caps.length ? Math.min(...caps) : null;
}

/** Resale closes `resaleWindowHours` before the start. */
export function resaleClosesAt(event: { startsAt: Date; resaleWindowHours: number }): Date {
  return new Date(event.startsAt.getTime() - event.resaleWindowHours * 3_600_000);
}

/** The fee in basis points of a price, rounded to the nearest minor unit. */
export function feeOf(priceAmount: number, bps: number): number {
  return Math.round((priceAmount * bps) / 10_000);
}
