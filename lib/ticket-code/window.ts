// When gates admit an event's tickets (isomorphic: the server's scan and sync, the scanner offline).
// From the doors opening — or, when the organiser set no doors time, DEFAULT_DOORS_HOURS before the
// start — until SCAN_GRACE_HOURS after the end, or after the start when the event has no end time.
// Outside it a genuine code is refused ("too early" / "too late"): a scan on any date is not a scan.

/** Hours after the end (or the start, with no end time) that late arrivals are still let in. */
const SCAN_GRACE_HOURS = 2;
/** Hours before the start the gates open when the event has no doors time. */
const DEFAULT_DOORS_HOURS = 2;

const HOUR = 3_600_000;

export type ScanWindow = { opensAt: Date; closesAt: Date };
export type WindowRefusal = 'too_early' | 'too_late';

export function scanWindow(event: { doorsAt: Date | null; startsAt: Date; endsAt: Date | null }): ScanWindow {
  return {
    opensAt: event.doorsAt ?? new Date(event.startsAt.getTime() - DEFAULT_DOORS_HOURS * HOUR),
    closesAt: new Date((event.endsAt ?? event.startsAt).getTime() + SCAN_GRACE_HOURS * HOUR),
  };
}

/** Why a scan at `atMs` is outside the window, or null when it is inside. */
export function outsideWindow(window: { opensAt: string | Date; closesAt: string | Date }, atMs: number): WindowRefusal | null {
  if (atMs < new Date(window.opensAt).getTime()) return 'too_early';
  if (atMs > new Date(window.closesAt).getTime()) return 'too_late';
  return null;
}
