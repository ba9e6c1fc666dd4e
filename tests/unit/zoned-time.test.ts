import { instantToLocal, localToInstant } from '@/lib/organiser/zoned-time';

describe('console date-time inputs are Bratislava time', () => {
  it('converts winter and summer times with their offsets', () => {
    expect(localToInstant('2026-12-01T18:30')).toBe('2026-12-01T17:30:00.000Z');
    expect(localToInstant('2026-07-01T18:30')).toBe('2026-07-01T16:30:00.000Z');
    expect(instantToLocal('2026-12-01T17:30:00.000Z')).toBe('2026-12-01T18:30');
    expect(instantToLocal('2026-07-01T16:30:00+00:00')).toBe('2026-07-01T18:30');
  });

  it('round-trips around the change to summer time, and empty is null', () => {
    expect(localToInstant('2026-03-29T01:30')).toBe('2026-03-29T00:30:00.000Z');
    expect(localToInstant('2026-03-29T03:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(instantToLocal(localToInstant('2026-10-25T12:00'))).toBe('2026-10-25T12:00');
    expect(localToInstant('')).toBeNull();
    expect(localToInstant('tomorrow')).toBeUndefined();
    expect(instantToLocal(null)).toBe('');
  });
});
