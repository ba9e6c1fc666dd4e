import 'server-only';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { getDb, rowsOf, tables, type Db, type Tx } from '@/lib/server/db';
import type { LocalizedText } from '@/lib/server/db/schema';

type Currency = 'EUR' | 'CZK';
export type WalletKey = { userId: string; orgId: string; currency: Currency };
/** A credit (a released seat sold, a cancelled match's share given back) or a spend in an order. */
export type WalletEntryKind = 'release_credit' | 'refund_credit' | 'order_spend';

/**
 * Whether a ledger row `l`'s order spend counts (joined as `o` orders and `h` holds): while its order is paid,
 * or not yet paid with its cart still alive. The one place that says which spends take credit.
 */
function spendCounts(now: Date) {
  return sql`(o.status = 'paid'
    or (o.status in ('pending', 'failed', 'cancelled') and hold_is_live(h.status, h.expires_at, ${now.toISOString()}::timestamptz)))`;
}

/**
 * The wallet's balance: its credits less the spends that count — an order's spend counts while the order
 * is paid, or not yet paid with its cart still alive (the fan may still pay it). A refunded order, or one
 * whose cart ran out unpaid, takes nothing: its credit is back without a second ledger row.
 * `excludeOrderId`: the order a checkout is rewriting (its old spend is replaced, not added to).
 */
export async function walletBalance(db: Db | Tx, key: WalletKey, now: Date, excludeOrderId: string | null = null): Promise<number> {
  const [row] = rowsOf<{ balance: number }>(await db.execute(sql`select ${walletBalanceSql(key, now, sql`${excludeOrderId}::uuid`)} as balance`));
  return Number(row?.balance ?? 0);
}

/**
 * walletBalance as an SQL expression (a scalar subquery), for a caller that reads it with other things in
 * one round trip (the cart, answered on every hold and release: cart/read.ts). `excludeOrder`: an SQL
 * expression of the order's id, or of null.
 */
export function walletBalanceSql(key: WalletKey, now: Date, excludeOrder: SQL): SQL {
  return sql`(select coalesce(sum(case when l.kind <> 'order_spend' then l.amount else -l.amount end), 0)::int
      from wallet_ledger l
      left join orders o on o.id = l.order_id
      left join holds h on h.id = o.hold_id
      where l.user_id = ${key.userId}::uuid and l.org_id = ${key.orgId}::uuid and l.currency = ${key.currency}
        and (l.kind <> 'order_spend'
          or (${excludeOrder} is null or l.order_id <> ${excludeOrder}) and ${spendCounts(now)}))`;
}

/**
 * What an organisation owes its fans in wallet credit, per currency: every credit granted less the spends
 * that count (the balances of all its fans' wallets added up). For the organiser's console.
 */
export async function outstandingWalletCredit(db: Db | Tx, orgId: string, now: Date): Promise<{ currency: Currency; granted: number; spent: number; outstanding: number }[]> {
  const rows = rowsOf<{ currency: Currency; granted: number; spent: number }>(
    await db.execute(sql`
      select l.currency,
        coalesce(sum(l.amount) filter (where l.kind <> 'order_spend'), 0)::int as granted,
        coalesce(sum(l.amount) filter (where l.kind = 'order_spend' and ${spendCounts(now)}), 0)::int as spent
      from wallet_ledger l
      left join orders o on o.id = l.order_id
      left join holds h on h.id = o.hold_id
      where l.org_id = ${orgId}::uuid
      group by l.currency
      order by l.currency`),
  );
  return rows.map((r) => ({ currency: r.currency, granted: Number(r.granted), spent: Number(r.spent), outstanding: Number(r.granted) - Number(r.spent) }));
}

/** Locks the wallet row (checkouts spending from it queue here); false when the fan has no wallet there. */
async function lockWallet(tx: Tx, key: WalletKey): Promise<boolean> {
  const [row] = await tx
    .select({ userId: tables.wallets.userId })
    .from(tables.wallets)
    .where(and(eq(tables.wallets.userId, key.userId), eq(tables.wallets.orgId, key.orgId), eq(tables.wallets.currency, key.currency)))
    .for('update');
  return !!row;
}

/** Credits a wallet once per release (wallet_release_once_uq); answers whether this call credited it. */
export async function creditRelease(tx: Tx, input: WalletKey & { releaseId: string; amount: number; now: Date }): Promise<boolean> {
  if (input.amount <= 0) return false;
  await tx.insert(tables.wallets).values({ userId: input.userId, orgId: input.orgId, currency: input.currency, createdAt: input.now }).onConflictDoNothing();
  const rows = await tx
    .insert(tables.walletLedger)
    .values({ userId: input.userId, orgId: input.orgId, currency: input.currency, kind: 'release_credit', amount: input.amount, releaseId: input.releaseId, createdAt: input.now })
    .onConflictDoNothing()
    .returning({ id: tables.walletLedger.id });
  return rows.length > 0;
}

/**
 * Credits a wallet with a cancelled event's share of an order, once per order and event
 * (wallet_refund_once_uq); answers the ledger entry when this call credited it (null otherwise).
 */
export async function creditRefund(tx: Tx, input: WalletKey & { orderId: string; eventId: string; amount: number; now: Date }): Promise<string | null> {
  if (input.amount <= 0) return null;
  await tx.insert(tables.wallets).values({ userId: input.userId, orgId: input.orgId, currency: input.currency, createdAt: input.now }).onConflictDoNothing();
  const rows = await tx
    .insert(tables.walletLedger)
    .values({ userId: input.userId, orgId: input.orgId, currency: input.currency, kind: 'refund_credit', amount: input.amount, orderId: input.orderId, eventId: input.eventId, createdAt: input.now })
    .onConflictDoNothing()
    .returning({ id: tables.walletLedger.id });
  return rows[0]?.id ?? null;
}

/** How much of `total` a wallet of this balance covers. */
export function creditTowards(total: number, balance: number): number {
  return total <= 0 ? 0 : Math.min(total, Math.max(0, balance));
}

/**
 * Checkout's part (inside its transaction): locks the wallet, so that of two checkouts at once the second
 * sees what the first spent, and answers how much of `total` the wallet covers for this order.
 * Call recordOrderSpend with the answer once the order's id is known.
 */
export async function reserveWalletCredit(tx: Tx, key: WalletKey, input: { total: number; orderId: string | null; now: Date }): Promise<number> {
  if (!(await lockWallet(tx, key))) return 0;
  if (input.total <= 0) return 0;
  return creditTowards(input.total, await walletBalance(tx, key, input.now, input.orderId));
}

/** The order's one spend row, rewritten on every checkout of it (none when nothing is spent). */
export async function recordOrderSpend(tx: Tx, key: WalletKey, input: { orderId: string; amount: number; now: Date }): Promise<void> {
  await tx.delete(tables.walletLedger).where(and(eq(tables.walletLedger.orderId, input.orderId), eq(tables.walletLedger.kind, 'order_spend')));
  if (input.amount > 0) {
    await tx.insert(tables.walletLedger).values({ ...key, kind: 'order_spend', amount: input.amount, orderId: input.orderId, createdAt: input.now });
  }
}

/** Thrown inside a payment's fulfilment when the credit its order counted on was spent meanwhile (a late payment). */
export class WalletCreditGone extends Error {}

/**
 * A payment completes an order: its spend must still be covered. A payment within the cart's time always
 * is (the spend counted all along); a late one, after the cart ran out, only if nothing else took the credit.
 */
export async function confirmOrderSpend(tx: Tx, input: { orderId: string; now: Date }): Promise<void> {
  const [spend] = await tx
    .select({ userId: tables.walletLedger.userId, orgId: tables.walletLedger.orgId, currency: tables.walletLedger.currency, amount: tables.walletLedger.amount })
    .from(tables.walletLedger)
    .where(and(eq(tables.walletLedger.orderId, input.orderId), eq(tables.walletLedger.kind, 'order_spend')));
  if (!spend) return;
  await lockWallet(tx, spend);
  if ((await walletBalance(tx, spend, input.now, input.orderId)) < spend.amount) throw new WalletCreditGone();
}

/** The wallet credit an order used (its receipt's line), 0 when none. */
export async function orderWalletCredit(db: Db | Tx, orderId: string): Promise<number> {
  const [spend] = await db
    .select({ amount: tables.walletLedger.amount })
    .from(tables.walletLedger)
    .where(and(eq(tables.walletLedger.orderId, orderId), eq(tables.walletLedger.kind, 'order_spend')));
  return spend?.amount ?? 0;
}

export type WalletView = {
  wallets: { organisation: { id: string; name: string }; balance: { amount: number; currency: Currency } }[];
  entries: {
    id: string;
    kind: WalletEntryKind;
    amount: { amount: number; currency: Currency };
    organisation: { id: string; name: string };
    event: { id: string; slug: string; title: LocalizedText } | null;
    /** false: a spend whose order was refunded or never paid (its credit is back). */
    counts: boolean;
    createdAt: string;
  }[];
};

/** The caller's wallets (one per organiser and currency) and their last entries, for the profile and GET /api/v1/wallet. */
export async function myWallet(user: { id: string }, now = new Date()): Promise<WalletView> {
  const db = getDb();
  const keys = await db
    .select({ orgId: tables.wallets.orgId, currency: tables.wallets.currency, name: tables.organisations.name })
    .from(tables.wallets)
    .innerJoin(tables.organisations, eq(tables.organisations.id, tables.wallets.orgId))
    .where(eq(tables.wallets.userId, user.id))
    .orderBy(tables.organisations.name);
  const wallets = await Promise.all(
    keys.map(async (k) => ({
      organisation: { id: k.orgId, name: k.name },
      balance: { amount: await walletBalance(db, { userId: user.id, orgId: k.orgId, currency: k.currency }, now), currency: k.currency },
    })),
  );
  const rows = rowsOf<{
    id: string; kind: WalletEntryKind; amount: number; currency: Currency; org_id: string; org_name: string;
    event_id: string | null; slug: string | null; title: LocalizedText | null; counts: boolean; created_at: string | Date;
  }>(
    await db.execute(sql`
      select l.id, l.kind, l.amount, l.currency, l.org_id, org.name as org_name, e.id as event_id, e.slug, e.title, l.created_at,
        (l.kind <> 'order_spend' or ${spendCounts(now)}) as counts
      from wallet_ledger l
      join organisations org on org.id = l.org_id
      left join season_releases r on r.id = l.release_id
      left join orders o on o.id = l.order_id
      left join holds h on h.id = o.hold_id
      left join events e on e.id = coalesce(r.event_id, l.event_id, o.event_id)
      where l.user_id = ${user.id}::uuid
      order by l.created_at desc
      limit 50`),
  );
  return {
    wallets,
    entries: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      amount: { amount: Number(r.amount), currency: r.currency },
      organisation: { id: r.org_id, name: r.org_name },
      event: r.event_id ? { id: r.event_id, slug: r.slug!, title: r.title! } : null,
      counts: !!r.counts,
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}
