import { TIME_ZONE } from '@/lib/i18n/time-zone';

/** The instant of local time `hh:mm` in Europe/Bratislava, `days` days after `from`. */
export function localDateTime(days: number, time: string, from = new Date()): Date {
  const [hours, minutes] = time.split(':').map(Number);
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + days, hours, minutes));
  // Shift by the zone's offset on that day (CET +1 or CEST +2).
  const offset = zoneOffsetMinutes(day);
  return new Date(day.getTime() - offset * 60_000);
}

function zoneOffsetMinutes(at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = /GMT([+-]\d+)(?::(\d+))?/.exec(name ?? '');
  if (!match) return 0;
  const h = Number(match[1]);
  return h * 60 + Math.sign(h) * Number(match[2] ?? 0);
}

/**
 * `hours` from `from`, on the next quarter hour: the start of the demo's match of the day, so that its
 * gates are open whenever the demo data is made (a gate scans only in an event's entry window).
 */
export function hoursFromNow(hours: number, from = new Date()): Date {
  const quarter = 15 * 60_000;
  return new Date(Math.ceil((from.getTime() + hours * 3_600_000) / quarter) * quarter);
}
