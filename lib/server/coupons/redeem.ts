import 'server-only';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { tables, type Tx } from '@/lib/server/db';

const c = tables.coupons;
const r = tables.couponRedemptions;

/**
 * Counts one use of a coupon for a hold, at checkout. The conditional UPDATE of used_count locks the
 * coupon row, so concurrent checkouts queue on it and exactly max_uses of them win; the per-fan count
 * is read after that lock, so it sees every committed use. A hold is counted once (unique hold_id),
 * however often its fan returns to checkout.
 */
export async function redeemCoupon(tx: Tx, input: { couponId: string; userId: string; holdId: string }): Promise<boolean> {
  const [existing] = await tx.select({ couponId: r.couponId }).from(r).where(eq(r.holdId, input.holdId)).limit(1);
  if (existing?.couponId === input.couponId) return true;
  if (existing) await releaseCoupon(tx, input.holdId);
  const [row] = await tx
    .update(c)
    .set({ usedCount: sql`${c.usedCount} + 1` })
    .where(and(eq(c.id, input.couponId), or(isNull(c.maxUses), lt(c.usedCount, c.maxUses))))
    .returning({ maxUsesPerUser: c.maxUsesPerUser });
  if (!row) return false;
  if (row.maxUsesPerUser != null) {
    const [{ used }] = await tx
      .select({ used: sql<number>`count(*)::int` })
      .from(r)
      .where(and(eq(r.couponId, input.couponId), eq(r.userId, input.userId)));
    if (used >= row.maxUsesPerUser) {
      await tx.update(c).set({ usedCount: sql`${c.usedCount} - 1` }).where(eq(c.id, input.couponId));
      return false;
    }
  }
  await tx.insert(r).values({ couponId: input.couponId, userId: input.userId, holdId: input.holdId });
  return true;
}

/** Gives back the use a hold counted (it expired or was released unpaid). Safe to call twice. */
export async function releaseCoupon(tx: Tx, holdId: string): Promise<void> {
  const removed = await tx.delete(r).where(eq(r.holdId, holdId)).returning({ couponId: r.couponId });
  for (const row of removed) await tx.update(c).set({ usedCount: sql`greatest(${c.usedCount} - 1, 0)` }).where(eq(c.id, row.couponId));
}
