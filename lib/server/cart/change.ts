import 'server-only';
import { getDb, type Db, type Tx } from '@/lib/server/db';
import { availabilityChanged } from '@/lib/server/events/changed';
import type { SaleEvent } from './event';
import type { HoldOutcome } from './hold';
import { lockOpenHold } from './open-hold';
import type { KnownHold } from './read';
import type { CartFailure } from './types';

/** A failure that rolls back the cart change's transaction and is answered as it is. */
export class CartAbort extends Error {
  constructor(readonly failure: CartFailure) {
    super(failure.code);
  }
}

/** Runs a transaction that may end in a CartAbort, answering that failure. */
export async function abortable<T>(work: () => Promise<T>): Promise<T | CartFailure> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CartAbort) return error.failure;
    throw error;
  }
}

export type Changed = { ok: true; known: KnownHold } | CartFailure;

/** What a hold or a line's release answered, as the cart's answer or its failure; null: settle first. */
function fromOutcome(result: HoldOutcome, event: SaleEvent): Changed | null {
  switch (result.outcome) {
    case 'held':
    case 'released':
      // The functions answer these only for a cart they found live (cart_settlement: else 'settle').
      return { ok: true, known: { ...result.hold, status: 'active', live: true, items: result.items, ...(result.extras ? { extras: result.extras } : {}) } };
    case 'taken':
      return { ok: false, code: 'SEAT_TAKEN', taken: result.taken.map((id) => ({ id, label: id })) };
    case 'sold_out':
      return { ok: false, code: 'SOLD_OUT' };
    case 'type_not_found':
      return { ok: false, code: 'TICKET_TYPE_NOT_FOUND' };
    case 'limit_per_order':
      return { ok: false, code: 'LIMIT_PER_ORDER', limit: event.maxTicketsPerOrder };
    case 'limit_per_user':
      return { ok: false, code: 'LIMIT_PER_USER', limit: event.maxTicketsPerUser };
    case 'not_found':
      return { ok: false, code: 'ITEM_NOT_FOUND' };
    case 'waiting_list':
      return { ok: false, code: 'WAITING_LIST_RESERVED' };
    case 'accessible':
      return { ok: false, code: 'ACCESSIBLE_SEAT' };
    case 'settle':
      return null;
  }
}

/**
 * A cart change of one round trip (cart/hold.ts). When the fan's open cart ran out of time or is at
 * checkout ('settle'), it is settled (lockOpenHold) and the change runs again in the same transaction,
 * so that a change that fails leaves the cart, and its checkout, as they were. A change that went
 * through is told to the availability reads this process shares (once committed); a failed one
 * changed nothing.
 */
export async function cartChange(event: SaleEvent, userId: string, now: Date, change: (db: Db | Tx) => Promise<HoldOutcome>, opens: boolean): Promise<Changed> {
  const result = await changeOnce(event, userId, now, change, opens);
  if (result.ok) availabilityChanged(event.id);
  return result;
}

async function changeOnce(event: SaleEvent, userId: string, now: Date, change: (db: Db | Tx) => Promise<HoldOutcome>, opens: boolean): Promise<Changed> {
  const fast = fromOutcome(await change(getDb()), event);
  if (fast) return fast;
  return abortable(() =>
    getDb().transaction(async (tx) => {
      if (!(await lockOpenHold(tx, userId, event, now, opens))) throw new CartAbort({ ok: false, code: 'ITEM_NOT_FOUND' });
      const settled = fromOutcome(await change(tx), event);
      if (!settled) throw new Error('a settled cart is still to settle');
      if (!settled.ok) throw new CartAbort(settled);
      return settled;
    }),
  );
}
