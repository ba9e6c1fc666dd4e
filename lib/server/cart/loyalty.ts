import 'server-only';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import { getDb, rowsOf, tables, type Db, type Tx } from '@/lib/server/db';
import { pointsDiscount } from '@/lib/server/loyalty/points';
import { findSaleEvent, type SaleEvent } from './event';
import { abortable, CartAbort } from './change';
import { liveHoldItems } from './items';
import { lockOpenHold } from './open-hold';
import { readCart } from './read';
import { cartTotals, type Money, type PricedItem } from './totals';
import type { Actor, CartAnswer } from './types';

// Paying part of a cart with the organiser's loyalty points (issue 18 item 6). The fan's choice is kept
// with the cart (loyalty_cart_uses), shown as its own line of the totals (cartLoyalty), and spent at
// checkout under the balance's row lock (checkoutPoints, spendCheckoutPoints; functions.sql loyalty_spend).
// An order that does not go through gives them back (functions.sql loyalty_on_order_status).

export type CartLoyalty = {
  /** Points worth one euro or koruna. */
  rate: number;
  /** The fan's points with the organiser now. */
  balance: number;
  /** The most points this cart can take. */
  usable: number;
  /** The points this cart is paid with. */
  points: number;
  amount: Money;
};

type Terms = { orgId: string; rate: number; maxPercent: number; balance: number; chosen: number };

/** The row of loyaltyTermsSql; `rate` null: the organiser takes no points. */
export type TermsRow = { rate: number | null; max_percent: number | null; balance: number | null; chosen: number | null };

/**
 * The organiser's redemption terms, the fan's balance and the points chosen in this cart: one row, or none
 * when the organiser takes no points. Also read with the rest of the cart in one round trip (cart/read.ts).
 */
export function loyaltyTermsSql(orgId: string, userId: string, holdId: string | SQL): SQL {
  const hold = typeof holdId === 'string' ? sql`${holdId}::uuid` : holdId;
  return sql`select p.redeem_rate as rate, p.redeem_max_percent as max_percent, b.points as balance, u.points as chosen
      from loyalty_programs p
      left join loyalty_balances b on b.org_id = p.org_id and b.user_id = ${userId}::uuid
      left join loyalty_cart_uses u on u.hold_id = ${hold}
      where p.org_id = ${orgId}::uuid and p.enabled and p.redeem_rate > 0`;
}

export function termsOf(orgId: string, row: TermsRow | undefined): Terms | null {
  if (!row || row.rate === null) return null;
  return { orgId, rate: Number(row.rate), maxPercent: Number(row.max_percent), balance: Number(row.balance ?? 0), chosen: Number(row.chosen ?? 0) };
}

async function readTerms(db: Db | Tx, orgId: string, userId: string, holdId: string): Promise<Terms | null> {
  return termsOf(orgId, rowsOf<TermsRow>(await db.execute(loyaltyTermsSql(orgId, userId, holdId)))[0]);
}

/** What points may pay for: the primary-market tickets after the discount code (never fees or resale tickets). */
function pointsBase(items: PricedItem[], discount: number): number {
  return Math.max(0, items.filter((item) => item.kind !== 'resale').reduce((sum, item) => sum + item.priceAmount, 0) - discount);
}

/** The cart's points line from the terms read (loyaltyTermsSql); null when the organiser takes no points or the fan has none to offer. */
export function cartLoyalty(terms: Terms | null, input: { event: Pick<SaleEvent, 'currency'>; items: PricedItem[]; discount: number }): CartLoyalty | null {
  if (!terms || (terms.balance <= 0 && terms.chosen <= 0)) return null;
  const d = pointsDiscount({ ...terms, base: pointsBase(input.items, input.discount) });
  return { rate: terms.rate, balance: terms.balance, usable: d.usable, points: d.points, amount: { amount: d.amount, currency: input.event.currency } };
}

/** PUT …/cart/loyalty {points}: pay with up to this many points (the cart shows what its tickets can take); 0 or DELETE: none. */
export async function setCartPoints(input: { user: Actor; eventRef: string; points: number; locale: Locale; now?: Date }): Promise<CartAnswer> {
  const now = input.now ?? new Date();
  const event = await findSaleEvent(input.eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  const u = tables.loyaltyCartUses;
  const failure = await abortable(() =>
    getDb().transaction(async (tx) => {
      const hold = await lockOpenHold(tx, input.user.id, event, now, false);
      if (!hold || !(await liveHoldItems(tx, hold.id)).length) throw new CartAbort({ ok: false, code: 'CART_EMPTY' });
      if (input.points <= 0) {
        await tx.delete(u).where(eq(u.holdId, hold.id));
        return;
      }
      const terms = await readTerms(tx, event.orgId, input.user.id, hold.id);
      if (!terms) throw new CartAbort({ ok: false, code: 'LOYALTY_REDEEM_OFF' });
      if (terms.balance <= 0) throw new CartAbort({ ok: false, code: 'LOYALTY_NO_POINTS' });
      // Kept as chosen up to the balance: more tickets later may take more of them (the cart shows what it takes).
      const points = Math.min(input.points, terms.balance);
      await tx.insert(u).values({ holdId: hold.id, points }).onConflictDoUpdate({ target: u.holdId, set: { points } });
    }),
  );
  if (failure) return failure;
  return { ok: true, cart: await readCart(event, input.user.id, input.locale, now) };
}

export async function removeCartPoints(input: { user: Actor; eventRef: string; locale: Locale; now?: Date }): Promise<CartAnswer> {
  const now = input.now ?? new Date();
  const event = await findSaleEvent(input.eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  await getDb().transaction(async (tx) => {
    const hold = await lockOpenHold(tx, input.user.id, event, now, false);
    if (hold) await tx.delete(tables.loyaltyCartUses).where(eq(tables.loyaltyCartUses.holdId, hold.id));
  });
  return { ok: true, cart: await readCart(event, input.user.id, input.locale, now) };
}

export type CheckoutPoints = { ok: true; points: number; amount: number; standing: number } | { ok: false; code: 'LOYALTY_POINTS_CHANGED' };

/**
 * The points a checkout spends, decided on the fan's balance under its row lock (functions.sql
 * loyalty_lock_balance), counting back what this cart's unpaid order spent already. When the balance no
 * longer covers the chosen points (another checkout spent them), the cart keeps what is left and the fan
 * sees the new total before paying.
 */
export async function checkoutPoints(
  tx: Tx,
  input: { event: Pick<SaleEvent, 'orgId'>; userId: string; holdId: string; items: PricedItem[]; coupon: Parameters<typeof cartTotals>[1] },
): Promise<CheckoutPoints> {
  const terms = await readTerms(tx, input.event.orgId, input.userId, input.holdId);
  if (!terms || terms.chosen <= 0) return { ok: true, points: 0, amount: 0, standing: 0 };
  const [{ standing }] = rowsOf<{ standing: number }>(
    await tx.execute(sql`select coalesce(-sum(l.points), 0)::int as standing from loyalty_ledger l join orders o on o.id = l.order_id
      where o.hold_id = ${input.holdId}::uuid and l.kind = 'redemption' and not exists (select 1 from loyalty_ledger r where r.reverses_id = l.id)`),
  );
  const [{ balance }] = rowsOf<{ balance: number }>(await tx.execute(sql`select loyalty_lock_balance(${terms.orgId}::uuid, ${input.userId}::uuid) as balance`));
  const have = Number(balance) + Number(standing);
  const base = pointsBase(input.items, cartTotals(input.items, input.coupon).discount);
  const wanted = pointsDiscount({ ...terms, balance: terms.chosen, base });
  if (have < wanted.points) {
    const u = tables.loyaltyCartUses;
    if (have > 0) await tx.update(u).set({ points: have }).where(eq(u.holdId, input.holdId));
    else await tx.delete(u).where(eq(u.holdId, input.holdId));
    return { ok: false, code: 'LOYALTY_POINTS_CHANGED' };
  }
  return { ok: true, points: wanted.points, amount: wanted.amount, standing: Number(standing) };
}

/** Spends the checkout's points for its order (written with loyaltyPoints already), once; what an earlier attempt spent otherwise goes back first. */
export async function spendCheckoutPoints(tx: Tx, orderId: string, plan: { points: number; standing: number }): Promise<void> {
  if (plan.standing > 0 && plan.standing !== plan.points) await tx.execute(sql`select loyalty_return(${orderId}::uuid)`);
  if (plan.points <= 0) return;
  const [{ spent }] = rowsOf<{ spent: boolean }>(await tx.execute(sql`select loyalty_spend(${orderId}::uuid, false) as spent`));
  // The balance was read under its lock in this transaction (checkoutPoints): nothing can have spent it since.
  if (!spent) throw new Error(`loyalty points of order ${orderId} could not be spent`);
}

