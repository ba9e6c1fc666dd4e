// The reports' time series: buckets laid out with the empty ones between, calendar days, and where the
// sales series start (the sale's start when the first sale came within a day of it).
import { daysBetween, evenSeries, floorTo, HOUR, MINUTE } from '@/lib/server/reports/series';
import { seriesStart } from '@/lib/server/reports/sales';

describe('report series', () => {
  it('lays out every bucket, filling the quiet ones', () => {
    const start = Date.parse('2026-11-06T09:00:00Z');
    const grouped = new Map([[start + 10 * MINUTE, { tickets: 4 }]]);
    expect(evenSeries(start, 5 * MINUTE, 3, grouped, () => ({ tickets: 0 }))).toEqual([
      { at: '2026-11-06T09:00:00.000Z', tickets: 0 },
      { at: '2026-11-06T09:05:00.000Z', tickets: 0 },
      { at: '2026-11-06T09:10:00.000Z', tickets: 4 },
    ]);
  });

  it('names every day between two, across a month and a change of clocks', () => {
    expect(daysBetween('2026-10-30', '2026-11-02')).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
    expect(daysBetween('2026-11-02', '2026-11-02')).toEqual(['2026-11-02']);
  });

  it('rounds down to a step from an origin', () => {
    expect(floorTo(Date.parse('2026-11-06T09:07:30Z'), 5 * MINUTE)).toBe(Date.parse('2026-11-06T09:05:00Z'));
    expect(floorTo(Date.parse('2026-11-06T09:59:59Z'), HOUR)).toBe(Date.parse('2026-11-06T09:00:00Z'));
    expect(floorTo(1_000 + 7 * MINUTE, 5 * MINUTE, 1_000)).toBe(1_000 + 5 * MINUTE);
  });

  it('starts the sales series at the sale’s start when the first sale came within a day of it, else at the first sale', () => {
    const opens = new Date('2026-11-06T09:00:00Z');
    expect(seriesStart(new Date('2026-11-06T09:00:40Z'), opens)).toBe(opens);
    const late = new Date('2026-11-08T12:00:00Z');
    expect(seriesStart(late, opens)).toBe(late);
    expect(seriesStart(late, null)).toBe(late);
    // A sale before the start (sold while the start was later) starts the series itself.
    const early = new Date('2026-11-06T08:00:00Z');
    expect(seriesStart(early, opens)).toBe(early);
  });
});
