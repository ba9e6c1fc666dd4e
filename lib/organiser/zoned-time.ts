// The console's date-time inputs (<input type="datetime-local">) are in the organiser's local time, the
// app's one TIME_ZONE (lib/i18n/time-zone.ts), whatever the browser's zone; the API takes instants with an
// offset. These convert between the two, daylight saving included. No 'server-only': forms use them.

import { TIME_ZONE } from '@/lib/i18n/time-zone';

function partsAt(ms: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** How far the zone's wall clock is ahead of UTC at this instant, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const p = partsAt(ms, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/** 'YYYY-MM-DDTHH:mm' on the zone's wall clock → an ISO instant; '' → null; anything else → undefined. */
export function localToInstant(local: string, timeZone = TIME_ZONE): string | null | undefined {
  if (!local) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return undefined;
  const [, y, mo, d, h, mi] = match.map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // The offset at the guess, then at the result (a change of offset between them: daylight saving).
  let instant = wall - offsetAt(wall, timeZone);
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant).toISOString();
}

/** An ISO instant → 'YYYY-MM-DDTHH:mm' on the zone's wall clock; null → ''. */
export function instantToLocal(iso: string | null | undefined, timeZone = TIME_ZONE): string {
  if (!iso) return '';
  const p = partsAt(new Date(iso).getTime(), timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/** The day (YYYY-MM-DD) an instant falls on in the zone. */
export function dayOf(instant: Date, timeZone = TIME_ZONE): string {
  return instantToLocal(instant.toISOString(), timeZone).slice(0, 10);
}
