import 'server-only';

// The one rule of when an event has been played (or performed): its end, or its start when it has no
// end, is past. The console shows such an event as "Played" and it is read-only there: its texts,
// dates, prices and sections stay as they were when fans came, and it can no longer be unpublished or
// cancelled (its money is settled by the report and the settlement; a refund after the fact is not a
// cancellation). The report counts attendance from the same moment (reports/event-report.ts).

/** Has the event ended at `now`: its end, or its start when it has no end, is past. */
export function eventIsOver(event: { startsAt: Date; endsAt: Date | null }, now: Date): boolean {
  return (event.endsAt ?? event.startsAt).getTime() <= now.getTime();
}

/**
 * Has the event been played: on sale (or sold out) once and over at `now`. A draft is never played — one whose
 * date has passed is put right by editing it — and a cancelled event is cancelled, not played.
 */
export function eventIsPlayed(event: { status: string; startsAt: Date; endsAt: Date | null }, now: Date): boolean {
  return event.status !== 'draft' && event.status !== 'cancelled' && eventIsOver(event, now);
}

export type EventPlayed = { ok: false; code: 'EVENT_PLAYED' };
