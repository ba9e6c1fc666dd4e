import { bestAvailable, focusPoint, seatsTogether } from '@/lib/seats/best-available';
import { flatten, type MapLayout, type MapSeat } from '@/lib/seats/layout';

// A pitch in the middle; a stand above it (rows counted outward, category 0) with an aisle after seat 5,
// and an end stand to its left (category 1).
function venue(): MapLayout {
  const row = (section: string, r: number, y: number, xs: number[], type: number) => ({
    label: String(r),
    seats: xs.map((x, k): MapSeat => [`${section}-${r}-${k + 1}`, String(k + 1), x, y, type]),
  });
  const standXs = [400, 412, 424, 436, 448, /* aisle */ 490, 502, 514, 526, 538];
  return {
    width: 1000,
    height: 700,
    outline: [{ kind: 'rect', x: 300, y: 250, width: 400, height: 200, label: 'Pitch' }],
    sections: [
      { id: 'main', name: 'Main', labelX: null, labelY: null, rows: [row('main', 1, 230, standXs, 0), row('main', 2, 218, standXs, 0), row('main', 3, 206, standXs, 0)] },
      { id: 'end', name: 'End', labelX: null, labelY: null, rows: [row('end', 1, 350, [280, 280.001, 280.002], 1)] },
    ],
  };
}

const layout = venue();
const flat = flatten(layout);
const ids = (seats: number[] | null) => seats?.map((i) => flat.ids[i]) ?? null;
const allFree = () => true;

describe('best available seats together', () => {
  it('measures from the middle of the pitch, or of the map without an outline', () => {
    expect(focusPoint(layout)).toEqual({ x: 500, y: 350 });
    expect(focusPoint({ width: 800, height: 500 })).toEqual({ x: 400, y: 250 });
  });

  it('picks N adjacent seats in one row, nearest the pitch centre', () => {
    // row 1 is nearest; right of the aisle (490…538) is nearer x=500 than left of it
    expect(ids(bestAvailable(layout, flat, { type: 0, count: 2, isFree: allFree }))).toEqual(['main-1-6', 'main-1-7']);
    expect(ids(bestAvailable(layout, flat, { type: 0, count: 3, isFree: allFree }))).toEqual(['main-1-6', 'main-1-7', 'main-1-8']);
  });

  it('never spans an aisle or a taken seat', () => {
    // 6 together do not exist: each side of the aisle has 5
    expect(bestAvailable(layout, flat, { type: 0, count: 6, isFree: allFree })).toBeNull();
    const taken = new Set(['main-1-7', 'main-2-7']);
    const free = (i: number) => !taken.has(flat.ids[i]);
    // row 1 has 2 together only at 9–10 (right) or left of the aisle; row 3 right side is intact
    const pick = ids(bestAvailable(layout, flat, { type: 0, count: 3, isFree: free }))!;
    expect(pick).toHaveLength(3);
    expect(pick.some((id) => taken.has(id))).toBe(false);
    const seatNumbers = pick.map((id) => Number(id.split('-')[2]));
    expect(seatNumbers[2] - seatNumbers[0]).toBe(2);
    // all in one row
    expect(new Set(pick.map((id) => id.split('-')[1])).size).toBe(1);
  });

  it('keeps to the chosen category', () => {
    expect(ids(bestAvailable(layout, flat, { type: 1, count: 3, isFree: allFree }))).toEqual(['end-1-1', 'end-1-2', 'end-1-3']);
    expect(bestAvailable(layout, flat, { type: 1, count: 4, isFree: allFree })).toBeNull();
  });

  it('says none when nothing is free', () => {
    expect(bestAvailable(layout, flat, { type: 0, count: 1, isFree: () => false })).toBeNull();
    expect(bestAvailable(layout, flat, { type: 0, count: 0, isFree: allFree })).toBeNull();
  });
});

describe('seats a fan picked: together or not (the same rule)', () => {
  const at = (...seatIds: string[]) => seatIds.map((id) => flat.index.get(id)!);
  it('is together for neighbours in one row, in any order', () => {
    expect(seatsTogether(layout, flat, at('main-2-2', 'main-2-3', 'main-2-4', 'main-2-5'))).toBe(true);
    expect(seatsTogether(layout, flat, at('main-2-8', 'main-2-6', 'main-2-7'))).toBe(true);
    expect(seatsTogether(layout, flat, at('main-1-1'))).toBe(true);
  });
  it('is not together across an aisle, with a seat between, over two rows or sections, or with a seat twice', () => {
    expect(seatsTogether(layout, flat, at('main-1-4', 'main-1-5', 'main-1-6', 'main-1-7'))).toBe(false);
    expect(seatsTogether(layout, flat, at('main-1-1', 'main-1-2', 'main-1-4'))).toBe(false);
    expect(seatsTogether(layout, flat, at('main-1-2', 'main-2-3'))).toBe(false);
    expect(seatsTogether(layout, flat, at('main-1-1', 'end-1-1'))).toBe(false);
    expect(seatsTogether(layout, flat, at('main-1-1', 'main-1-1'))).toBe(false);
    expect(seatsTogether(layout, flat, [])).toBe(false);
  });
  it('agrees with best available: what it picks is together', () => {
    for (const count of [1, 2, 3, 4, 5]) expect(seatsTogether(layout, flat, bestAvailable(layout, flat, { type: 0, count, isFree: allFree })!)).toBe(true);
  });
});
