import 'server-only';
import { eq } from 'drizzle-orm';
import { tables, type Db, type Tx } from '@/lib/server/db';

// The one rule of when an event has been played (or performed): its end, or its start when it has no
// end, is past. The console shows such an event as "Played" and it is read-only there: its texts,
// dates, prices and sections stay as they were when fans came, and it can no longer be unpublished or
// cancelled (its money is settled by the report and the settlement; a refund after the fact is not a
// cancellation). The report counts attendance from the same moment (reports/event-report.ts).

/** Has the event ended at `now`: its end, or its start when it has no end, is past. */
export function eventIsOver(event: { startsAt: Date; endsAt: Date | null }, now: Date): boolean {
  return (event.endsAt ?? event.startsAt).getTime() <= now.getTime();
}

export type EventPlayed = { ok: false; code: 'EVENT_PLAYED' };

/** EVENT_PLAYED when the (locked) event of an organiser's change has already taken place, else null. */
export async function refusePlayed(tx: Tx | Db, eventId: string, now = new Date()): Promise<EventPlayed | null> {
  const [event] = await tx.select({ startsAt: tables.events.startsAt, endsAt: tables.events.endsAt }).from(tables.events).where(eq(tables.events.id, eventId));
  return event && eventIsOver(event, now) ? { ok: false, code: 'EVENT_PLAYED' } : null;
}
