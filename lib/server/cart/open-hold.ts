import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '@/lib/server/db';
import { reservationMinutes, type SaleEvent } from './event';
import { endHold, reopenHold } from './lifecycle';

type HoldRow = { id: string | null; expires_at: string | Date; coupon_id: string | null; settlement: 'end' | 'reopen' | null };

export type OpenHold = { id: string; status: 'active'; expiresAt: Date; couponId: string | null };

/**
 * The fan's open cart for the event, locked for this transaction (the database function cart_lock_hold),
 * opened when there is none and `create`. One that must be settled first (cart_settlement) is: one
 * whose time ran out is ended (its tickets go back on sale), one at checkout becomes a cart again.
 */
export async function lockOpenHold(tx: Tx, userId: string, event: SaleEvent, now: Date, create: boolean): Promise<OpenHold | null> {
  const at = now.toISOString();
  for (let attempt = 0; attempt < 3; attempt++) {
    const [row] = rowsOf<HoldRow>(
      await tx.execute(sql`select h.id, h.expires_at, h.coupon_id, cart_settlement(h, ${at}::timestamptz) as settlement
        from cart_lock_hold(${userId}::uuid, ${event.id}::uuid, ${at}::timestamptz, ${reservationMinutes(event)}::int, ${create}::boolean) h`),
    );
    if (!row?.id) return null;
    if (row.settlement === 'end') {
      await endHold(tx, row.id, 'expired', now);
      continue;
    }
    if (row.settlement === 'reopen') await reopenHold(tx, row.id, now);
    return { id: row.id, status: 'active', expiresAt: new Date(row.expires_at), couponId: row.coupon_id };
  }
  throw new Error('could not open a hold');
}
