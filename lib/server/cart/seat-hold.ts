import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '@/lib/server/db';
import { fromJsonb, holdItemRow, type HoldItemRow, type ItemRow } from './items';

/**
 * The two cart changes of an on-sale rush, holding seats and taking a line out, each ONE round trip:
 * the database functions cart_hold_seats and cart_release_item (migration 0001_cart_seat_functions)
 * lock the fan's cart, check the limits, claim or release, and answer with the cart's lines. A rush
 * spends its time on round trips, not on the work; README, Decisions, says what this bought.
 * 'settle' means the fan's open cart ran out of time or is at checkout: the caller settles it in a
 * transaction (cart/service.ts) and calls again inside that transaction.
 */
export type SeatHoldOutcome =
  | { outcome: 'held' | 'released'; hold: { id: string; expiresAt: Date; couponId: string | null }; items: HoldItemRow[] }
  | { outcome: 'taken'; taken: string[] }
  | { outcome: 'limit_per_order' | 'limit_per_user' | 'settle' | 'not_found' };

type FunctionRow = {
  outcome: 'held' | 'released' | 'taken' | 'limit_per_order' | 'limit_per_user' | 'settle' | 'not_found';
  hold_id: string | null;
  expires_at: Date | string | null;
  coupon_id: string | null;
  detail: unknown;
};

function outcomeOf(row: FunctionRow): SeatHoldOutcome {
  switch (row.outcome) {
    case 'held':
    case 'released':
      return {
        outcome: row.outcome,
        hold: { id: row.hold_id!, expiresAt: new Date(row.expires_at!), couponId: row.coupon_id },
        items: fromJsonb<ItemRow[]>(row.detail).map(holdItemRow),
      };
    case 'taken':
      return { outcome: 'taken', taken: fromJsonb<string[]>(row.detail) };
    default:
      return { outcome: row.outcome };
  }
}

/** A Postgres array literal of uuids (the ids are checked as uuids at the API edge; a bad one fails the cast). */
const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;

export async function holdSeats(
  db: Db | Tx,
  input: { userId: string; eventId: string; ids: string[]; now: Date; minutes: number; maxPerOrder: number; maxPerUser: number; feeAmount: number },
): Promise<SeatHoldOutcome> {
  const [row] = rowsOf<FunctionRow>(
    await db.execute(sql`select * from cart_hold_seats(${input.userId}::uuid, ${input.eventId}::uuid, ${uuidArray(input.ids)}::uuid[],
      ${input.now.toISOString()}::timestamptz, ${input.minutes}::int, ${input.maxPerOrder}::int, ${input.maxPerUser}::int, ${input.feeAmount}::int)`),
  );
  return outcomeOf(row);
}

export async function releaseItem(db: Db | Tx, input: { userId: string; eventId: string; itemId: string; now: Date }): Promise<SeatHoldOutcome> {
  const [row] = rowsOf<FunctionRow>(
    await db.execute(
      sql`select * from cart_release_item(${input.userId}::uuid, ${input.eventId}::uuid, ${input.itemId}::uuid, ${input.now.toISOString()}::timestamptz)`,
    ),
  );
  return outcomeOf(row);
}
