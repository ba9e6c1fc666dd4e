// The calendar file of an event (lib/server/events/calendar.ts): a start at the right moment in
// Europe/Bratislava in summer and in winter time, the fan's language, folded lines, one stable UID.
import { DEFAULT_DURATION_MS, eventCalendar } from '@/lib/server/events/calendar';

const event = {
  id: 'dunaj-bratislava-fc-kosice',
  uuid: '6f1c7a3e-7d7b-4c59-9b8e-2a8a3d1f0c11',
  title: { sk: 'FK Dunaj Bratislava – FC Košice', cs: 'FK Dunaj Bratislava – FC Košice', en: 'FK Dunaj Bratislava v FC Košice' },
  summary: { sk: 'Zápas 15. kola Niké ligy pod umelým osvetlením, v ktorom sa rozhoduje o čele tabuľky.', cs: 'Zápas 15. kola', en: 'Round 15 match' },
  status: 'on_sale' as const,
  // 19:30 in Bratislava on a winter evening (CET, UTC+1)
  startsAt: '2026-11-28T18:30:00.000Z',
  endsAt: null,
  venue: { name: 'Tehelné pole', address: 'Viktora Tegelhoffa 4', city: 'Bratislava', country: 'SK', latitude: 48.1636, longitude: 17.1369 },
};

/** The calendar's lines with RFC 5545 folding undone. */
function unfolded(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, '').split('\r\n');
}

function field(ics: string, name: string): string | undefined {
  return unfolded(ics).find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))?.replace(/^[^:]*:/, '');
}

/** Wall-clock time of a DTSTART in UTC (YYYYMMDDTHHMMSSZ) as read in Bratislava. */
function inBratislava(value: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value)!;
  const instant = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]));
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Bratislava', dateStyle: 'short', timeStyle: 'short' }).format(instant);
}

describe('event calendar file', () => {
  it('starts at the event’s moment in UTC, so a calendar shows 19:30 in Bratislava in winter', () => {
    const ics = eventCalendar(event, 'sk', 'https://tribuna.example');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(field(ics, 'DTSTART')).toBe('20261128T183000Z');
    expect(inBratislava(field(ics, 'DTSTART')!)).toBe('28/11/2026, 19:30');
    // no end given: a default length
    expect(field(ics, 'DTEND') ?? field(ics, 'DURATION')).toBeDefined();
    const end = field(ics, 'DTEND');
    if (end) expect(inBratislava(end)).toBe(`28/11/2026, ${String(19 + DEFAULT_DURATION_MS / 3_600_000).padStart(2, '0')}:30`);
  });

  it('is right in summer time too (CEST, UTC+2), with the organiser’s end', () => {
    const ics = eventCalendar({ ...event, startsAt: '2026-07-04T17:00:00.000Z', endsAt: '2026-07-04T19:00:00.000Z' }, 'en', 'https://tribuna.example');
    expect(inBratislava(field(ics, 'DTSTART')!)).toBe('04/07/2026, 19:00');
    expect(inBratislava(field(ics, 'DTEND')!)).toBe('04/07/2026, 21:00');
  });

  it('is written in the fan’s language, links the event page in it and keeps one UID per event', () => {
    const sk = eventCalendar(event, 'sk', 'https://tribuna.example');
    const en = eventCalendar(event, 'en', 'https://tribuna.example');
    expect(field(sk, 'SUMMARY')).toBe('FK Dunaj Bratislava – FC Košice');
    expect(field(en, 'SUMMARY')).toBe('FK Dunaj Bratislava v FC Košice');
    expect(field(sk, 'URL')).toBe('https://tribuna.example/sk/podujatia/dunaj-bratislava-fc-kosice');
    expect(field(en, 'URL')).toBe('https://tribuna.example/en/events/dunaj-bratislava-fc-kosice');
    expect(field(sk, 'LOCATION')).toBe('Tehelné pole\\, Viktora Tegelhoffa 4\\, Bratislava');
    expect(field(sk, 'UID')).toBe(`${event.uuid}@tribuna`);
    expect(field(en, 'UID')).toBe(field(sk, 'UID'));
    expect(field(sk, 'STATUS')).toBe('CONFIRMED');
    // long lines are folded (the ics library folds at 75 characters; RFC 5545 says octets, as a SHOULD)
    expect(sk).toMatch(/\r\n[ \t]/);
    for (const line of sk.split('\r\n')) expect([...line].length).toBeLessThanOrEqual(75);
  });

  it('says when the event was cancelled', () => {
    expect(field(eventCalendar({ ...event, status: 'cancelled' }, 'cs', 'https://tribuna.example'), 'STATUS')).toBe('CANCELLED');
  });
});
