// The rules of spending points and of priority access (lib/server/loyalty/points.ts, lib/server/events/rules.ts).
import { pointsDiscount } from '@/lib/server/loyalty/points';
import { saleOpensAt, salePhase } from '@/lib/server/events/rules';

describe('pointsDiscount', () => {
  it('100 points a euro, at most the share of the tickets, never more than the fan has', () => {
    expect(pointsDiscount({ rate: 100, maxPercent: 50, balance: 5000, chosen: 5000, base: 3000 })).toEqual({ usable: 1500, points: 1500, amount: 1500 });
    expect(pointsDiscount({ rate: 100, maxPercent: 100, balance: 300, chosen: 5000, base: 3000 })).toEqual({ usable: 300, points: 300, amount: 300 });
    expect(pointsDiscount({ rate: 100, maxPercent: 100, balance: 300, chosen: 120, base: 3000 })).toEqual({ usable: 300, points: 120, amount: 120 });
  });
  it('another rate rounds the amount down, and nothing without a rate or tickets', () => {
    expect(pointsDiscount({ rate: 1000, maxPercent: 100, balance: 1555, chosen: 1555, base: 10_000 })).toEqual({ usable: 1555, points: 1555, amount: 155 });
    expect(pointsDiscount({ rate: 0, maxPercent: 100, balance: 100, chosen: 100, base: 1000 }).points).toBe(0);
    expect(pointsDiscount({ rate: 100, maxPercent: 100, balance: 100, chosen: 100, base: 0 }).points).toBe(0);
  });
});

describe('salePhase with priority access', () => {
  const now = new Date('2026-12-01T10:00:00Z');
  const event = {
    status: 'on_sale',
    startsAt: '2027-01-01T18:00:00Z',
    saleStartsAt: '2026-12-10T10:00:00Z',
    saleEndsAt: null,
    prioritySaleStartsAt: '2026-12-01T09:00:00Z',
    prioritySalePoints: 50,
  };
  it('opens for a fan with enough points in the window, not for others nor for everyone', () => {
    expect(salePhase(event, now, { points: 50 })).toBe('open');
    expect(salePhase(event, now, { points: 49 })).toBe('not_yet');
    expect(salePhase(event, now)).toBe('not_yet');
    expect(saleOpensAt(event, { points: 49 })?.toISOString()).toBe('2026-12-10T10:00:00.000Z');
    expect(saleOpensAt(event, { points: 50 })?.toISOString()).toBe('2026-12-01T09:00:00.000Z');
  });
  it('before the window nobody buys; after the general start everybody does', () => {
    expect(salePhase(event, new Date('2026-12-01T08:00:00Z'), { points: 500 })).toBe('not_yet');
    expect(salePhase(event, new Date('2026-12-10T10:00:01Z'), { points: 0 })).toBe('open');
  });
});
