import 'server-only';
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import { getDb, rowsOf, tables, type Db } from '@/lib/server/db';
import { findSaleEvent, type SaleEvent } from './event';
import { liveHoldItems, type HoldItemRow } from './items';
import { holdIsLive } from './live';
import { cartLoyalty, loyaltyTermsSql, termsOf, type TermsRow } from './loyalty';
import { cartTotals, type Money } from './totals';
import { foldPackageLines } from '@/lib/server/packages/cart-lines';
import { creditTowards, walletBalanceSql } from '@/lib/server/wallet';
import type { Actor, CartAnswer, CartItemView, CartView } from './types';
import type { TicketConcession } from '@/lib/schemas/concessions';

const h = tables.holds;
const hi = tables.holdItems;

const EXPIRED_NOTICE_MS = 60 * 60_000;

/** The fan's hold as a cart change already knows it (in its own transaction), so that it is not read again. */
export type KnownHold = {
  id: string;
  status: 'active' | 'ordered' | 'completed' | 'expired' | 'released';
  expiresAt: Date;
  couponId: string | null;
  /** Whether the hold is live at the moment the cart is read for (the database's hold_is_live). */
  live: boolean;
  /** The hold's items when the caller already read them. */
  items?: HoldItemRow[];
  /** What the cart shows beside its lines (cartExtrasSql), when the caller's statement read them too. */
  extras?: ExtrasRow;
};

export async function getCart(input: { user: Actor; eventRef: string; locale: Locale; now?: Date }): Promise<CartAnswer> {
  const event = await findSaleEvent(input.eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  return { ok: true, cart: await readCart(event, input.user.id, input.locale, input.now ?? new Date()) };
}

/**
 * What the cart shows beside its lines, read in ONE statement (every hold and release answers the cart:
 * four separate reads here halved the on-sale rush's holds per second): the organiser's loyalty terms with
 * the fan's points (cart/loyalty.ts), the cart's order (one per hold — also once the cart changed after a
 * checkout and is active again: its spend is the one a new checkout rewrites, so the credit it holds is this
 * cart's to show), the fan's wallet balance with the organiser less that order's spend (lib/server/wallet),
 * and whether any line is a package (packages/cart-lines.ts folds them). `holdId` is an SQL expression: a
 * hold or a release asks for these in its own statement, over the hold its function answers (cart/hold.ts),
 * one round trip fewer per hold (docs/decisions/hot-paths-again.md).
 */
export function cartExtrasSql(event: Pick<SaleEvent, 'orgId' | 'currency'>, userId: string, holdId: SQL, now: Date): SQL {
  const order = sql`(select x.id from orders x where x.hold_id = ${holdId} limit 1)`;
  return sql`select ${order} as order_id,
        ${walletBalanceSql({ userId, orgId: event.orgId, currency: event.currency }, now, order)} as wallet_balance,
        exists (select 1 from hold_packages hp where hp.hold_id = ${holdId}) as has_packages,
        t.rate, t.max_percent, t.balance, t.chosen
      from (select 1) as one left join lateral (${loyaltyTermsSql(event.orgId, userId, holdId)}) as t on true`;
}

/** The row of cartExtrasSql. */
export type ExtrasRow = TermsRow & { order_id: string | null; wallet_balance: number | null; has_packages: boolean | null };

function extrasOf(event: SaleEvent, row: ExtrasRow | undefined) {
  return {
    terms: termsOf(event.orgId, row),
    orderId: row?.order_id ?? null,
    walletBalance: Number(row?.wallet_balance ?? 0),
    hasPackages: row?.has_packages === true,
  };
}

async function readExtras(db: Db, event: SaleEvent, userId: string, holdId: string, now: Date) {
  return extrasOf(event, rowsOf<ExtrasRow>(await db.execute(cartExtrasSql(event, userId, sql`${holdId}::uuid`, now)))[0]);
}

/** The cart as the fan sees it now. A hold past its time is shown empty (and flagged) even before the sweeper ends it. */
export async function readCart(event: SaleEvent, userId: string, locale: Locale, now: Date, known?: KnownHold): Promise<CartView> {
  const db = getDb();
  const [latest] = known ? [known] : await db
    .select({ id: h.id, status: h.status, expiresAt: h.expiresAt, couponId: h.couponId, live: holdIsLive(now) })
    .from(h)
    .where(and(eq(h.userId, userId), eq(h.eventId, event.id), isNull(h.seasonId)))
    .orderBy(desc(h.createdAt))
    .limit(1);
  const live = latest?.live ? latest : null;
  const empty = { amount: 0, currency: event.currency };
  if (!live) {
    let expired = false;
    // A cart that ran out of time (ended by the sweeper, or not yet) within the hour is flagged.
    if (latest && latest.expiresAt.getTime() > now.getTime() - EXPIRED_NOTICE_MS) {
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
  const extras = known?.extras ? extrasOf(event, known.extras) : await readExtras(db, event, userId, live.id, now);
  const loyalty = cartLoyalty(extras.terms, { event, items, discount: totals.discount });
  const money = (amount: number): Money => ({ amount, currency: event.currency });
  // Its own line: the fan's wallet credit with the organiser, at most the total (spent for real at checkout).
  // Loyalty points come off first (cart/loyalty.ts), wallet credit from what is left (as checkout takes them).
  const afterPoints = totals.total - (loyalty?.amount.amount ?? 0);
  const walletCredit = creditTowards(afterPoints, extras.walletBalance);
  const concessionOf = await resaleConcessions(db, items);
  const views = items.map((item) => ({ ...itemView(item, locale, event.currency), ...(item.listingId ? { concession: concessionOf.get(item.listingId) ?? null } : {}) }));
  return {
    eventId: event.id,
    eventSlug: event.slug,
    holdId: live.id,
    status: live.status as 'active' | 'ordered',
    // The order under way: only while the cart is at checkout.
    orderId: live.status === 'ordered' ? extras.orderId : null,
    items: extras.hasPackages ? await foldPackageLines(views, locale) : views,
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

/** The concession of each resale line's ticket: its buyer is told before paying that the gate asks for a card. */
async function resaleConcessions(db: Db, items: HoldItemRow[]): Promise<Map<string, TicketConcession | null>> {
  const listingIds = items.flatMap((item) => (item.listingId ? [item.listingId] : []));
  if (!listingIds.length) return new Map();
  const rows = await db
    .select({ id: tables.resaleListings.id, concession: tables.tickets.concession })
    .from(tables.resaleListings)
    .innerJoin(tables.tickets, eq(tables.tickets.id, tables.resaleListings.ticketId))
    .where(inArray(tables.resaleListings.id, listingIds));
  return new Map(rows.map((row) => [row.id, row.concession]));
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
