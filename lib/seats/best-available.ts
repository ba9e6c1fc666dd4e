// "Best available N seats together": the one rule that picks them.
//
// Together: N seats next to each other in ONE row of one section, all of the chosen price category
// and all free, with no aisle between them (two neighbours in the row's order are adjacent when they
// are at most 1.5 × the row's usual seat spacing apart): `seatsTogether` asks the same of seats a fan
// picked (a package's seats, lib/server/packages/chosen-seats.ts).
// Best: of all such runs, the one whose middle is nearest the middle of the pitch, rink or stage
// (the venue outline's bounding box; the middle of the map when the venue has no outline).
// Ties go to the run that comes first in the layout's order (sections, rows, seats).

import type { FlatSeats, MapLayout, MapOutlineShape } from './layout';

export type Point = { x: number; y: number };

function shapeBox(shape: MapOutlineShape): [number, number, number, number] {
  if (shape.kind === 'rect') return [shape.x, shape.y, shape.x + shape.width, shape.y + shape.height];
  if (shape.kind === 'ellipse') return [shape.cx - shape.rx, shape.cy - shape.ry, shape.cx + shape.rx, shape.cy + shape.ry];
  const xs = shape.points.map((p) => p[0]);
  const ys = shape.points.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** The point "best" is measured from: the middle of the venue outline, else of the map. */
export function focusPoint(layout: Pick<MapLayout, 'width' | 'height' | 'outline'>): Point {
  const shapes = layout.outline ?? [];
  if (!shapes.length) return { x: layout.width / 2, y: layout.height / 2 };
  let [x0, y0, x1, y1] = shapeBox(shapes[0]);
  for (const shape of shapes.slice(1)) {
    const [a, b, c, d] = shapeBox(shape);
    x0 = Math.min(x0, a);
    y0 = Math.min(y0, b);
    x1 = Math.max(x1, c);
    y1 = Math.max(y1, d);
  }
  return { x: (x0 + x1) / 2, y: (y0 + y1) / 2 };
}

/**
 * A row's seats (flat indices, in the row's order) and where it breaks: `aisle[k]` says an aisle lies
 * between seat k-1 and seat k (they are more than 1.5 × the row's usual seat spacing apart).
 */
function rowOf(flat: FlatSeats, row: MapLayout['sections'][number]['rows'][number]): { seats: number[]; aisle: boolean[] } {
  const seats = row.seats.map(([id]) => flat.index.get(id)).filter((i): i is number => i !== undefined);
  const gaps: number[] = [];
  for (let k = 1; k < seats.length; k++) gaps.push(Math.hypot(flat.xs[seats[k]] - flat.xs[seats[k - 1]], flat.ys[seats[k]] - flat.ys[seats[k - 1]]));
  const usual = gaps.length ? [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)] : 0;
  return { seats, aisle: [false, ...gaps.map((gap) => gap > usual * 1.5)] };
}

/**
 * Whether the seats are together as best available means it: next to each other in ONE row of one
 * section, with no seat and no aisle between them (their price category and whether they are free are
 * not asked here).
 */
export function seatsTogether(layout: MapLayout, flat: FlatSeats, chosen: readonly number[]): boolean {
  if (!chosen.length) return false;
  const wanted = new Set(chosen);
  if (wanted.size !== chosen.length) return false;
  for (const section of layout.sections) {
    for (const row of section.rows) {
      const { seats, aisle } = rowOf(flat, row);
      const at = seats.findIndex((i) => wanted.has(i));
      if (at < 0) continue;
      const run = seats.slice(at, at + wanted.size);
      return run.length === wanted.size && run.every((i) => wanted.has(i)) && !aisle.slice(at + 1, at + wanted.size).some(Boolean);
    }
  }
  return false;
}

export type BestAvailableQuery = {
  /** Index of the price category (as in `flat.type`). */
  type: number;
  /** How many seats together. */
  count: number;
  /** Whether a seat can be bought now. */
  isFree: (seat: number) => boolean;
};

/** The seat indices (in row order) of the best run of `count` free adjacent seats, or null when none exists. */
export function bestAvailable(layout: MapLayout, flat: FlatSeats, query: BestAvailableQuery): number[] | null {
  const { type, count, isFree } = query;
  if (count < 1) return null;
  const focus = focusPoint(layout);
  let best: number[] | null = null;
  let bestScore = Infinity;
  for (const section of layout.sections) {
    for (const row of section.rows) {
      const { seats, aisle } = rowOf(flat, row);
      if (seats.length < count) continue;
      // slide a window over the row, restarting after a seat that is not free or an aisle
      let start = 0;
      for (let k = 0; k < seats.length; k++) {
        const usable = flat.type[seats[k]] === type && isFree(seats[k]);
        if (!usable) {
          start = k + 1;
          continue;
        }
        if (k > start && aisle[k]) start = k;
        if (k - start + 1 < count) continue;
        const run = seats.slice(k - count + 1, k + 1);
        let mx = 0;
        let my = 0;
        for (const i of run) {
          mx += flat.xs[i];
          my += flat.ys[i];
        }
        const score = Math.hypot(mx / count - focus.x, my / count - focus.y);
        if (score < bestScore - 1e-9) {
          bestScore = score;
          best = run;
        }
      }
    }
  }
  return best;
}
