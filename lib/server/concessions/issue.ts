import 'server-only';
import { sql } from 'drizzle-orm';
import type { Tx } from '@/lib/server/db';

/**
 * After a paid order's tickets are issued (tickets/issue.ts): each ticket of a line with a concession
 * carries it (the gate asks for the card; a companion is a ZŤP-S holder's free companion), and a
 * companion ticket keeps which ZŤP-S ticket it goes with: it never moves without that one.
 */
export async function concessionOrderTickets(tx: Tx, orderId: string): Promise<void> {
  await tx.execute(sql`
    update tickets t set concession = hc.kind
    from orders o
    join hold_items hi on hi.hold_id = o.hold_id
    join hold_item_concessions hc on hc.hold_item_id = hi.id
    where o.id = ${orderId}::uuid and t.order_id = o.id and t.unit_id = hi.unit_id`);
  await tx.execute(sql`
    update tickets c set companion_of = h.id
    from orders o
    join hold_items ci on ci.hold_id = o.hold_id
    join hold_item_concessions hc on hc.hold_item_id = ci.id and hc.kind = 'companion'
    join hold_items hi on hi.id = hc.companion_of
    join tickets h on h.order_id = o.id and h.unit_id = hi.unit_id
    where o.id = ${orderId}::uuid and c.order_id = o.id and c.unit_id = ci.unit_id`);
}
