import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb, rowsOf, tables, type Db, type Tx } from '@/lib/server/db';
import { findSaleEvent } from '@/lib/server/cart/event';
import { holdIsLive } from '@/lib/server/cart/live';
import type { CartHolders, HolderInput } from '@/lib/schemas/named-tickets';

// Named tickets for risk matches (Slovak act 1/2014 on sports events). Which tickets are named is the
// database function unit_is_named (lib/server/db/functions.sql), the one place the rule lives. The buyer
// names each named line of the cart before paying (hold_item_holders); the names go onto the tickets
// when they are issued; a ticket that changes owner loses its holder (tickets/ownership.ts) and the new
// owner names it (ticket-holder.ts) — until then the gate refuses it.

const h = tables.holds;

type HolderRow = { item_id: string; named: boolean; name: string | null; birth_date: string | Date | null };

const isoDate = (value: string | Date | null): string | null => (value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

/**
 * The lines of a hold with whether each must be named and the holder given so far. A resale line is
 * named when its ticket's unit is.
 */
async function holdHolders(db: Db | Tx, holdId: string): Promise<CartHolders['holders']> {
  const rows = rowsOf<HolderRow>(
    await db.execute(sql`
      select i.id as item_id,
             unit_is_named(coalesce(i.unit_id, (select t.unit_id from resale_listings l join tickets t on t.id = l.ticket_id where l.id = i.listing_id))) as named,
             hh.name, hh.birth_date
      from cart_live_items(${holdId}::uuid) i
      left join hold_item_holders hh on hh.hold_item_id = i.id
      order by i.line_order`),
  );
  return rows.map((row) => ({ itemId: row.item_id, named: Boolean(row.named), name: row.name, dateOfBirth: isoDate(row.birth_date) }));
}

async function openHold(db: Db | Tx, userId: string, eventId: string, now: Date, lock = false) {
  const query = db
    .select({ id: h.id, expiresAt: h.expiresAt, live: holdIsLive(now) })
    .from(h)
    .where(and(eq(h.userId, userId), eq(h.eventId, eventId), inArray(h.status, ['active', 'ordered'])));
  const [hold] = lock ? await query.for('update') : await query;
  return hold?.live ? { id: hold.id, expiresAt: hold.expiresAt } : null;
}

export type CartHoldersResult = { ok: true; holders: CartHolders['holders'] } | { ok: false; code: 'EVENT_NOT_FOUND' };

/** GET …/cart/holders: each line of the fan's cart, whether it must be named, and its holder so far. */
export async function getCartHolders(input: { user: { id: string }; eventRef: string; now?: Date }): Promise<CartHoldersResult> {
  const event = await findSaleEvent(input.eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  const db = getDb();
  const hold = await openHold(db, input.user.id, event.id, input.now ?? new Date());
  return { ok: true, holders: hold ? await holdHolders(db, hold.id) : [] };
}

export type SetCartHoldersResult = CartHoldersResult | { ok: false; code: 'CART_EMPTY' | 'ITEM_NOT_FOUND' | 'HOLDER_NOT_NEEDED' };

/**
 * PUT …/cart/holders: names the holders of named lines of the fan's open cart (replacing earlier ones).
 * A line that is not the fan's is ITEM_NOT_FOUND, one whose ticket is not named HOLDER_NOT_NEEDED:
 * nobody's personal data is kept where the law does not ask for it.
 */
export async function setCartHolders(input: {
  user: { id: string };
  eventRef: string;
  holders: (HolderInput & { itemId: string })[];
  now?: Date;
}): Promise<SetCartHoldersResult> {
  const event = await findSaleEvent(input.eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  const now = input.now ?? new Date();
  return getDb().transaction(async (tx) => {
    const hold = await openHold(tx, input.user.id, event.id, now, true);
    if (!hold) return { ok: false as const, code: 'CART_EMPTY' as const };
    const lines = new Map((await holdHolders(tx, hold.id)).map((line) => [line.itemId, line]));
    for (const holder of input.holders) {
      const line = lines.get(holder.itemId.toLowerCase());
      if (!line) return { ok: false as const, code: 'ITEM_NOT_FOUND' as const };
      if (!line.named) return { ok: false as const, code: 'HOLDER_NOT_NEEDED' as const };
    }
    for (const holder of input.holders) {
      const values = { holdItemId: holder.itemId.toLowerCase(), name: holder.name, birthDate: holder.dateOfBirth };
      await tx
        .insert(tables.holdItemHolders)
        .values(values)
        .onConflictDoUpdate({ target: tables.holdItemHolders.holdItemId, set: { name: values.name, birthDate: values.birthDate } });
    }
    return { ok: true as const, holders: await holdHolders(tx, hold.id) };
  });
}

/** How many named lines of a hold still have no holder: checkout refuses the cart while any has none. */
export async function unnamedLines(tx: Tx, holdId: string): Promise<number> {
  return (await holdHolders(tx, holdId)).filter((line) => line.named && !line.name).length;
}

/**
 * After a paid order's tickets are issued (tickets/issue.ts): each ticket is marked named or not by the
 * rule, and a named one gets the holder its buyer gave for its cart line. A resold ticket was already
 * stripped of its seller's holder when it moved (tickets/ownership.ts).
 */
export async function nameOrderTickets(tx: Tx, orderId: string): Promise<void> {
  await tx.execute(sql`
    update tickets t
    set named = n.named,
        holder_name = case when n.named then n.name end,
        holder_birth_date = case when n.named then n.birth_date end
    from (
      select t2.id as ticket_id, unit_is_named(t2.unit_id) as named, hh.name, hh.birth_date
      from orders o
      join hold_items hi on hi.hold_id = o.hold_id
      join tickets t2 on t2.order_id = o.id
        and (t2.unit_id = hi.unit_id or t2.id = (select l.ticket_id from resale_listings l where l.id = hi.listing_id))
      left join hold_item_holders hh on hh.hold_item_id = hi.id
      where o.id = ${orderId}::uuid
    ) n
    where t.id = n.ticket_id`);
}

/** Tickets issued without a cart (a redeemed code, the seed) are marked named by the rule; their owner names the holder on Your tickets. */
export async function markNamedTickets(tx: Db | Tx, ticketIds: string[]): Promise<void> {
  if (!ticketIds.length) return;
  await tx
    .update(tables.tickets)
    .set({ named: sql`unit_is_named(${tables.tickets.unitId})` })
    .where(inArray(tables.tickets.id, ticketIds));
}
