// The seat layout as the client gets it: compact (a 10,000-seat stadium must not weigh megabytes)
// and flattened once into typed arrays for drawing, hit-testing and keyboard moves.

/** A seat's radius and the distance between neighbouring seats, in map units (the fan's map and the venue editor). */
export const SEAT_RADIUS = 5;
export const SEAT_PITCH = 12;

/** [seat id, seat label, x, y, index of the price category in `types` or -1 when not sold at this event] */
export type MapSeat = [string, string, number, number, number];
export type MapRow = { label: string; seats: MapSeat[] };
export type MapSection = { id: string; name: string; labelX: number | null; labelY: number | null; rows: MapRow[] };
/** A shape drawn under the seats: the pitch, rink or stage, with its label in the page's language. */
export type MapOutlineShape =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; radius?: number; label?: string }
  | { kind: 'ellipse'; cx: number; cy: number; rx: number; ry: number; label?: string }
  | { kind: 'polygon'; points: [number, number][]; label?: string };
export type MapLayout = { width: number; height: number; outline?: MapOutlineShape[]; sections: MapSection[] };

/** The layout as GET /api/v1/events/{id}?include=seats answers it. */
export type ApiLayout = {
  width: number;
  height: number;
  outline?: MapOutlineShape[];
  sections: {
    id: string;
    name: string;
    labelX?: number | null;
    labelY?: number | null;
    rows?: { label: string; seats: { id: string; label: string; x: number; y: number; ticketTypeId: string | null }[] }[];
  }[];
};

/** The map's layout from the API's, with each seat's price category as an index into `typeIds`. */
export function toMapLayout(api: ApiLayout, typeIds: string[]): MapLayout {
  const typeIndex = new Map(typeIds.map((id, i) => [id, i]));
  return {
    width: api.width,
    height: api.height,
    outline: api.outline ?? [],
    sections: api.sections.map((s) => ({
      id: s.id,
      name: s.name,
      labelX: s.labelX ?? null,
      labelY: s.labelY ?? null,
      rows: (s.rows ?? []).map((r) => ({
        label: r.label,
        seats: r.seats.map((seat): MapSeat => [seat.id, seat.label, seat.x, seat.y, seat.ticketTypeId ? (typeIndex.get(seat.ticketTypeId) ?? -1) : -1]),
      })),
    })),
  };
}

export type FlatSeats = {
  count: number;
  ids: string[];
  labels: string[];
  xs: Float32Array;
  ys: Float32Array;
  type: Int16Array;
  section: Int32Array;
  row: string[];
  index: Map<string, number>;
};

export function flatten(layout: MapLayout): FlatSeats {
  let count = 0;
  for (const section of layout.sections) for (const row of section.rows) count += row.seats.length;
  const flat: FlatSeats = {
    count,
    ids: new Array(count),
    labels: new Array(count),
    xs: new Float32Array(count),
    ys: new Float32Array(count),
    type: new Int16Array(count),
    section: new Int32Array(count),
    row: new Array(count),
    index: new Map(),
  };
  let i = 0;
  layout.sections.forEach((section, s) => {
    for (const row of section.rows) {
      for (const [id, label, x, y, type] of row.seats) {
        flat.ids[i] = id;
        flat.labels[i] = label;
        flat.xs[i] = x;
        flat.ys[i] = y;
        flat.type[i] = type;
        flat.section[i] = s;
        flat.row[i] = row.label;
        flat.index.set(id, i);
        i++;
      }
    }
  });
  return flat;
}

export type Direction = 'left' | 'right' | 'up' | 'down';

/**
 * The seat to move to from `from` with an arrow key: the nearest seat lying in that direction,
 * where sideways distance counts double so a move stays in its row or column when it can.
 */
export function neighbour(flat: FlatSeats, from: number, direction: Direction, allowed?: (i: number) => boolean): number {
  const x0 = flat.xs[from];
  const y0 = flat.ys[from];
  let best = -1;
  let bestScore = Infinity;
  for (let i = 0; i < flat.count; i++) {
    if (i === from || (allowed && !allowed(i))) continue;
    const dx = flat.xs[i] - x0;
    const dy = flat.ys[i] - y0;
    let along: number;
    let across: number;
    if (direction === 'right') [along, across] = [dx, dy];
    else if (direction === 'left') [along, across] = [-dx, dy];
    else if (direction === 'down') [along, across] = [dy, dx];
    else [along, across] = [-dy, dx];
    if (along <= 0.5) continue;
    const score = along + 2 * Math.abs(across);
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  }
  return best === -1 ? from : best;
}
