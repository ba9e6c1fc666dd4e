import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb, tables, type Db, type Tx } from '@/lib/server/db';
import { hasPriorityWindow, saleOpensAt, salePhase, type SaleWindow } from '@/lib/server/events/rules';
import { percentOf } from '@/lib/money';

/** A fan's points with an organiser now (0 without any). */
export async function pointsWith(orgId: string, userId: string, db: Db | Tx = getDb()): Promise<number> {
  const b = tables.loyaltyBalances;
  const [row] = await db.select({ points: b.points }).from(b).where(and(eq(b.orgId, orgId), eq(b.userId, userId)));
  return row?.points ?? 0;
}

/**
 * What paying with points takes off an order: `rate` points are worth one euro or koruna (100 minor
 * units), at most `maxPercent` of `base` (the order's primary-market tickets after any discount code:
 * not fees, not tickets bought from other fans), and never more points than the fan has. The one rule
 * for the cart's line, its checkout and the order's receipt.
 */
export function pointsDiscount(input: { rate: number; maxPercent: number; balance: number; chosen: number; base: number }): {
  /** The most points this cart can take now. */
  usable: number;
  points: number;
  amount: number;
} {
  if (input.rate <= 0 || input.base <= 0) return { usable: 0, points: 0, amount: 0 };
  const maxAmount = percentOf(input.base, Math.min(100, Math.max(0, input.maxPercent)));
  const maxPoints = Math.floor((maxAmount * input.rate) / 100);
  const usable = Math.max(0, Math.min(input.balance, maxPoints));
  const points = Math.max(0, Math.min(input.chosen, usable));
  return { usable, points, amount: Math.floor((points * 100) / input.rate) };
}

export type SaleRefusal =
  | { ok: false; code: 'NOT_ON_SALE' }
  /** Sales have not opened for this fan yet: `opensAt` is when they do. */
  | { ok: false; code: 'NOT_ON_SALE_YET'; opensAt: Date }
  /** The priority window is on and the fan has fewer points than it asks. */
  | { ok: false; code: 'PRIORITY_ONLY'; opensAt: Date; points: number };

/**
 * Why a fan may not hold tickets of the event now, or null when they may: the general sale (rules.ts
 * salePhase) or, before it, the priority window for fans with enough of the organiser's points.
 */
export async function saleRefusal(event: SaleWindow & { orgId: string }, userId: string, now: Date): Promise<SaleRefusal | null> {
  const phase = salePhase(event, now);
  if (phase === 'open') return null;
  if (phase !== 'not_yet') return { ok: false, code: 'NOT_ON_SALE' };
  const general = saleOpensAt(event)!;
  if (!hasPriorityWindow(event)) return { ok: false, code: 'NOT_ON_SALE_YET', opensAt: general };
  const points = await pointsWith(event.orgId, userId);
  if (salePhase(event, now, { points }) === 'open') return null;
  const needed = event.prioritySalePoints!;
  if (points >= needed) return { ok: false, code: 'NOT_ON_SALE_YET', opensAt: saleOpensAt(event, { points })! };
  // Before the priority window opens nobody is refused for their points: the general time is theirs.
  if (new Date(event.prioritySaleStartsAt!).getTime() > now.getTime()) return { ok: false, code: 'NOT_ON_SALE_YET', opensAt: general };
  return { ok: false, code: 'PRIORITY_ONLY', opensAt: general, points: needed };
}
