import 'server-only';
import { sql } from 'drizzle-orm';
import type { Tx } from '@/lib/server/db';

/**
 * After a paid order's tickets are issued (tickets/issue.ts): each ticket of a line with a concession
 * carries it (the gate asks for the card; a companion is a ZŤP-S holder's free companion).
 */
export async function concessionOrderTickets(tx: Tx, orderId: string): Promise<void> {
  await tx.execute(sql`
    update tickets t set concession = hc.kind
    from orders o
    join hold_items hi on hi.hold_id = o.hold_id
    join hold_item_concessions hc on hc.hold_item_id = hi.id
    where o.id = ${orderId}::uuid and t.order_id = o.id and t.unit_id = hi.unit_id`);
}
