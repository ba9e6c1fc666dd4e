import 'server-only';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import { getDb, tables } from '@/lib/server/db';
import { findSaleEvent, type SaleEvent } from './event';
import { liveHoldItems, type HoldItemRow } from './items';
import { cartLoyalty } from './loyalty';
import { cartTotals, type Money } from './totals';
import { foldPackageLines } from '@/lib/server/packages/cart-lines';
import { walletCreditForCart } from '@/lib/server/wallet';
import type { Actor, CartAnswer, CartItemView, CartView } from './types';

const h = tables.holds;
const hi = tables.holdItems;

const EXPIRED_NOTICE_MS = 60 * 60_000;

/** The fan's hold as a cart change already knows it (in its own transaction), so that it is not read again. */
export type KnownHold = {
  id: string;
  status: 'active' | 'ordered' | 'completed' | 'expired' | 'released';
  expiresAt: Date;
  couponId: string | null;
  /** The hold's items when the caller already read them. */
  items?: HoldItemRow[];
};

export async function getCart(input: { user: Actor; eventRef: string; locale: Locale; now?: Date }): Promise<CartAnswer> {
  const event = await findSaleEvent(input.eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  return { ok: true, cart: await readCart(event, input.user.id, input.locale, input.now ?? new Date()) };
}

/** The cart as the fan sees it now. A hold past its time is shown empty (and flagged) even before the sweeper ends it. */
export async function readCart(event: SaleEvent, userId: string, locale: Locale, now: Date, known?: KnownHold): Promise<CartView> {
  const db = getDb();
  const [latest] = known ? [known] : await db
    .select({ id: h.id, status: h.status, expiresAt: h.expiresAt, couponId: h.couponId })
    .from(h)
    .where(and(eq(h.userId, userId), eq(h.eventId, event.id), isNull(h.seasonId)))
    .orderBy(desc(h.createdAt))
    .limit(1);
  const live = latest && (latest.status === 'active' || latest.status === 'ordered') && latest.expiresAt > now ? latest : null;
  const empty = { amount: 0, currency: event.currency };
  if (!live) {
    let expired = false;
    if (latest && latest.expiresAt <= now && latest.expiresAt.getTime() > now.getTime() - EXPIRED_NOTICE_MS) {
      expired = latest.status === 'expired' || latest.status === 'active' || latest.status === 'ordered';
      if (expired) {
        const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(hi).where(eq(hi.holdId, latest.id));
        expired = n > 0;
      }
    }
    return {
      eventId: event.id, eventSlug: event.slug, holdId: null, status: null, orderId: null, items: [], expiresAt: null, timeLeft: 0, expired,
      couponCode: null, count: 0, currency: event.currency, subtotal: empty, discount: empty, fees: empty, loyalty: null, walletCredit: empty, total: empty,
    };
  }
  const items = known?.items ?? (await liveHoldItems(db, live.id));
  const [coupon] = live.couponId ? await db.select().from(tables.coupons).where(eq(tables.coupons.id, live.couponId)) : [];
  const totals = cartTotals(items, coupon ?? null);
  const loyalty = await cartLoyalty(db, { event, userId, holdId: live.id, items, discount: totals.discount });
  // The cart's order (one per hold), also once the cart changed after a checkout (the hold is active again):
  // its spend is the one a new checkout rewrites, so the credit it holds is this cart's to show.
  const [order] = await db.select({ id: tables.orders.id }).from(tables.orders).where(eq(tables.orders.holdId, live.id));
  const money = (amount: number): Money => ({ amount, currency: event.currency });
  // Its own line: the fan's wallet credit with the organiser, at most the total (spent for real at checkout).
  // Loyalty points come off first (cart/loyalty.ts), wallet credit from what is left (as checkout takes them).
  const afterPoints = totals.total - (loyalty?.amount.amount ?? 0);
  const walletCredit = await walletCreditForCart(db, { userId, orgId: event.orgId, currency: event.currency }, afterPoints, now, order?.id ?? null);
  return {
    eventId: event.id,
    eventSlug: event.slug,
    holdId: live.id,
    status: live.status as 'active' | 'ordered',
    // The order under way: only while the cart is at checkout.
    orderId: live.status === 'ordered' ? (order?.id ?? null) : null,
    items: await foldPackageLines(items.map((item) => itemView(item, locale, event.currency)), locale),
    expiresAt: live.expiresAt.toISOString(),
    // Rounded up: a countdown started from this never reaches zero before the hold really ends.
    timeLeft: Math.max(0, Math.ceil((live.expiresAt.getTime() - now.getTime()) / 1000)),
    expired: false,
    couponCode: coupon?.code ?? null,
    count: items.length,
    currency: event.currency,
    subtotal: money(totals.subtotal),
    discount: money(totals.discount),
    fees: money(totals.fees),
    loyalty,
    walletCredit: money(walletCredit),
    total: money(afterPoints - walletCredit),
  };
}

function itemView(item: HoldItemRow, locale: Locale, currency: 'EUR' | 'CZK'): CartItemView {
  return {
    id: item.id,
    kind: item.kind,
    ticketType: { id: item.ticketTypeId, code: item.ticketTypeCode, name: item.ticketTypeName[locale] },
    seat: item.seat ? { section: item.seat.section[locale], row: item.seat.row, seat: item.seat.seat } : null,
    listingId: item.listingId,
    price: { amount: item.priceAmount, currency },
    fee: { amount: item.feeAmount, currency },
  };
}
