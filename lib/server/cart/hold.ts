import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { resaleFee } from '@/lib/money';
import { rowsOf, type Db, type Tx } from '@/lib/server/db';
import { fromJsonb, holdItemRow, type HoldItemRow, type ItemRow } from './items';
import type { ExtrasRow } from './read';

/**
 * The cart's two changes, holding tickets and taking a line out, each ONE round trip: the database
 * functions cart_hold and cart_release_item (lib/server/db/functions.sql) lock the fan's cart, check
 * the limits, claim or release, and answer with the cart's lines. Every rule of a hold (the limits,
 * what is free, the fresh time of an emptied cart) is in that file; this one only calls and reads the
 * answer. 'settle' means the fan's open cart ran out of time or is at checkout: the caller settles it
 * (cart/change.ts) and calls again inside that transaction.
 */
export type HoldOutcome =
  | { outcome: 'held' | 'released'; hold: { id: string; expiresAt: Date; couponId: string | null }; items: HoldItemRow[]; extras?: ExtrasRow }
  | { outcome: 'taken'; taken: string[] }
  | { outcome: 'limit_per_order' | 'limit_per_user' | 'sold_out' | 'type_not_found' | 'waiting_list' | 'settle' | 'not_found' | 'accessible' };

type FunctionRow = {
  outcome: HoldOutcome['outcome'];
  hold_id: string | null;
  expires_at: Date | string | null;
  coupon_id: string | null;
  detail: unknown;
} & Partial<ExtrasRow>;

/**
 * What the cart shows beside its lines, as a statement over the hold the function answers
 * (cart/read.ts cartExtrasSql): asked in the hold's or release's own statement, one round trip fewer.
 */
export type ExtrasOf = (holdId: SQL) => SQL;

/**
 * The call of a cart function, with the cart's extras of the hold it answers when asked. The extras read
 * the statement's snapshot, taken before the function ran; they read nothing the function writes (orders,
 * the wallet, packages, loyalty), so that is what a read after it would see.
 */
function withExtras(call: SQL, extras: ExtrasOf | undefined): SQL {
  if (!extras) return sql`select * from ${call}`;
  return sql`select changed.*, extras.* from ${call} changed left join lateral (${extras(sql`changed.hold_id`)}) extras on changed.outcome in ('held', 'released')`;
}

function outcomeOf(row: FunctionRow): HoldOutcome {
  switch (row.outcome) {
    case 'held':
    case 'released':
      return {
        outcome: row.outcome,
        hold: { id: row.hold_id!, expiresAt: new Date(row.expires_at!), couponId: row.coupon_id },
        items: fromJsonb<ItemRow[]>(row.detail).map(holdItemRow),
        ...('wallet_balance' in row
          ? { extras: { order_id: row.order_id ?? null, wallet_balance: row.wallet_balance ?? null, has_packages: row.has_packages ?? null, rate: row.rate ?? null, max_percent: row.max_percent ?? null, balance: row.balance ?? null, chosen: row.chosen ?? null } }
          : {}),
      };
    case 'taken':
      return { outcome: 'taken', taken: fromJsonb<string[]>(row.detail) };
    default:
      return { outcome: row.outcome };
  }
}

/** A Postgres array literal of uuids (the ids are checked as uuids at the API edge; a bad one fails the cast). */
const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;

export type HoldSelection = { seatIds: string[] } | { ticketTypeId: string; quantity: number } | { listingId: string };

export type HoldInput = {
  userId: string;
  eventId: string;
  selection: HoldSelection;
  now: Date;
  minutes: number;
  maxPerOrder: number;
  maxPerUser: number;
  /** The service fee of a primary-market ticket, in minor units. */
  feeAmount: number;
  /** The buyer's fee on a resale listing, in basis points of its price. */
  resaleFeeBps: number;
};

export async function holdSelection(db: Db | Tx, input: HoldInput, extras?: ExtrasOf): Promise<HoldOutcome> {
  const s = input.selection;
  const seats = 'seatIds' in s ? uuidArray(s.seatIds) : null;
  const type = 'ticketTypeId' in s ? s.ticketTypeId : null;
  const quantity = 'quantity' in s ? s.quantity : null;
  const listing = 'listingId' in s ? s.listingId : null;
  // The buyer's fee of a listing is the money module's arithmetic, passed in as minor units (the SQL does
  // not round a fee of its own: DESIGN.md §6.13). A listing's price never changes once listed; no such
  // listing: the hold answers 'taken' whatever the fee.
  const resaleFeeAmount = listing ? resaleFee(await listingPrice(db, listing), input.resaleFeeBps) : 0;
  const [row] = rowsOf<FunctionRow>(
    await db.execute(
      withExtras(
        sql`cart_hold(${input.userId}::uuid, ${input.eventId}::uuid, ${seats}::uuid[], ${type}::uuid, ${quantity}::int,
      ${listing}::uuid, ${input.now.toISOString()}::timestamptz, ${input.minutes}::int, ${input.maxPerOrder}::int, ${input.maxPerUser}::int,
      ${input.feeAmount}::int, ${resaleFeeAmount}::int)`,
        extras,
      ),
    ),
  );
  return outcomeOf(row);
}

async function listingPrice(db: Db | Tx, listingId: string): Promise<number> {
  const [row] = rowsOf<{ price_amount: number }>(await db.execute(sql`select price_amount from resale_listings where id = ${listingId}::uuid`));
  return row ? Number(row.price_amount) : 0;
}

export async function releaseItem(db: Db | Tx, input: { userId: string; eventId: string; itemId: string; now: Date }, extras?: ExtrasOf): Promise<HoldOutcome> {
  const [row] = rowsOf<FunctionRow>(
    await db.execute(
      withExtras(sql`cart_release_item(${input.userId}::uuid, ${input.eventId}::uuid, ${input.itemId}::uuid, ${input.now.toISOString()}::timestamptz)`, extras),
    ),
  );
  return outcomeOf(row);
}
