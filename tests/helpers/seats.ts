// Seats to put in carts: the event's still available seated units, in a stable order, so a suite can
// hand each test its own slice (offset) and tests do not take each other's seats. Never a wheelchair place
// or its companion seat: a general cart may not hold them (ACCESSIBLE_SEAT), and the arena has some.
import { and, eq, isNotNull, notExists } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';

export async function freeSeatsOf(db: Db, slug: string, count: number, offset = 0): Promise<string[]> {
  const [event] = await db.select({ id: s.events.id }).from(s.events).where(eq(s.events.slug, slug));
  const rows = await db
    .select({ seatId: s.inventoryUnits.seatId })
    .from(s.inventoryUnits)
    .where(
      and(
        eq(s.inventoryUnits.eventId, event.id),
        eq(s.inventoryUnits.status, 'available'),
        isNotNull(s.inventoryUnits.seatId),
        notExists(db.select({ one: s.accessibleSeats.seatId }).from(s.accessibleSeats).where(eq(s.accessibleSeats.seatId, s.inventoryUnits.seatId))),
      ),
    )
    .orderBy(s.inventoryUnits.id)
    .limit(count)
    .offset(offset);
  return rows.flatMap((r) => (r.seatId ? [r.seatId] : []));
}
