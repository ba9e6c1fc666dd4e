// The venue editor's geometry, pure (no React, no server): blocks of seats moved and turned on a grid,
// the pitch, rink or stage drawn under them, and where a block's label goes so that it never prints
// over seats. The layout it makes is the layout JSON (lib/schemas/organiser-venues.ts) PUT …/layout
// takes; the server's "add a block" (lib/server/venues/layout.ts) places seats with generateRows below,
// so a block looks the same whoever made it.

import { SEAT_RADIUS } from './layout';

export type Localized = { sk: string; cs: string; en: string };
export type EditorSeat = { label: string; x: number; y: number };
export type EditorRow = { label: string; seats: EditorSeat[] };
/** A shape drawn under the seats, as the layout JSON keeps it (the label in the three languages). */
export type EditorShape =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; radius?: number; label?: Localized }
  | { kind: 'ellipse'; cx: number; cy: number; rx: number; ry: number; label?: Localized }
  | { kind: 'polygon'; points: [number, number][]; label?: Localized };

/**
 * A section on the canvas: its seats where they were loaded (or made), and what the editor did to them
 * since: moved by dx/dy and turned by `angle` degrees about the middle of its seats. Kept apart so that
 * turning a block back and forth never wears its seats' positions down.
 */
export type EditorBlock = {
  code: string;
  name: Localized;
  kind: 'seated' | 'standing';
  capacity?: number;
  rows: EditorRow[];
  /** A standing area's place on the map (its label); a seated block's is worked out (labelOf). */
  labelX?: number;
  labelY?: number;
  dx: number;
  dy: number;
  angle: number;
  /** Seats sold or in live carts at coming events: such a block can move and turn but not go. */
  sold: number;
};

export type EditorLayout = { width: number; height: number; outline: EditorShape[]; blocks: EditorBlock[] };
export type Point = { x: number; y: number };
export type Box = { x0: number; y0: number; x1: number; y1: number };

/** A standing area's box on the canvas, in map units (it has no seats to draw). */
export const STANDING_SIZE = 60;
/** Labels in the console's plan: font size in map units. */
export const LABEL_SIZE = 14;

export const round = (n: number) => Math.round(n * 10) / 10;

/** Rows 1…R of seats 1…S: straight (each row shifted by rowOffset) or bent through `curve` degrees, fanning out away from the stage. */
export function generateRows(input: { rows: number; seatsPerRow: number; originX: number; originY: number; spacing: number; curve: number; rowOffset: number }): EditorRow[] {
  const { rows, seatsPerRow: count, originX, originY, spacing, curve, rowOffset } = input;
  const out: EditorRow[] = [];
  const theta = (curve * Math.PI) / 180;
  const bent = theta > 0 && count > 1;
  const r0 = bent ? ((count - 1) * spacing) / theta : 0;
  const cx = originX + r0 * Math.sin(theta / 2);
  const cy = originY - r0 * Math.cos(theta / 2);
  for (let r = 0; r < rows; r++) {
    const seats = [];
    for (let k = 0; k < count; k++) {
      if (bent) {
        const radius = r0 + r * spacing;
        const phi = -theta / 2 + (theta * k) / (count - 1);
        seats.push({ label: String(k + 1), x: round(cx + radius * Math.sin(phi)), y: round(cy + radius * Math.cos(phi)) });
      } else {
        seats.push({ label: String(k + 1), x: round(originX + k * spacing + r * rowOffset), y: round(originY + r * spacing) });
      }
    }
    out.push({ label: String(r + 1), seats });
  }
  return out;
}

// ── blocks ──────────────────────────────────────────────────────────────────
function seatBox(rows: EditorRow[]): Box | null {
  let box: Box | null = null;
  for (const row of rows)
    for (const s of row.seats) box = box ? { x0: Math.min(box.x0, s.x), y0: Math.min(box.y0, s.y), x1: Math.max(box.x1, s.x), y1: Math.max(box.y1, s.y) } : { x0: s.x, y0: s.y, x1: s.x, y1: s.y };
  return box;
}

/** What a block turns about: the middle of its seats as loaded (a standing area's label point). */
export function pivotOf(block: EditorBlock): Point {
  const box = seatBox(block.rows);
  if (box) return { x: (box.x0 + box.x1) / 2, y: (box.y0 + box.y1) / 2 };
  return { x: block.labelX ?? STANDING_SIZE / 2, y: block.labelY ?? STANDING_SIZE / 2 };
}

/** The block's middle where it stands now. */
export function centreOf(block: EditorBlock): Point {
  const p = pivotOf(block);
  return { x: p.x + block.dx, y: p.y + block.dy };
}

/** Each seat where the editor put it: turned about the pivot, then moved; to a tenth of a unit, as saved. */
export function placedRows(block: EditorBlock): EditorRow[] {
  const p = pivotOf(block);
  const a = (block.angle * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  return block.rows.map((row) => ({
    label: row.label,
    seats: row.seats.map((s) => {
      const x = s.x - p.x;
      const y = s.y - p.y;
      return { label: s.label, x: round(p.x + x * cos - y * sin + block.dx), y: round(p.y + x * sin + y * cos + block.dy) };
    }),
  }));
}

/** The block's box on the map, seat circles included (a standing area: its square). */
export function boxOf(block: EditorBlock, rows: EditorRow[] = placedRows(block)): Box {
  const box = seatBox(rows);
  if (box) return { x0: box.x0 - SEAT_RADIUS, y0: box.y0 - SEAT_RADIUS, x1: box.x1 + SEAT_RADIUS, y1: box.y1 + SEAT_RADIUS };
  const c = centreOf(block);
  const h = STANDING_SIZE / 2;
  return { x0: c.x - h, y0: c.y - h, x1: c.x + h, y1: c.y + h };
}

export const snapTo = (value: number, grid: number) => (grid > 0 ? Math.round(value / grid) * grid : value);

/** dx/dy that keep the block's box on the map (seats are never saved off it). */
function keptInside(block: EditorBlock, map: { width: number; height: number }): EditorBlock {
  const box = boxOf(block);
  const sx = box.x0 < 0 ? -box.x0 : box.x1 > map.width ? Math.max(map.width - box.x1, -box.x0) : 0;
  const sy = box.y0 < 0 ? -box.y0 : box.y1 > map.height ? Math.max(map.height - box.y1, -box.y0) : 0;
  return sx === 0 && sy === 0 ? block : { ...block, dx: round(block.dx + sx), dy: round(block.dy + sy) };
}

/**
 * The block moved by `by` (from where it stood when a drag began, or by one arrow key), its middle
 * snapped to the grid and the whole block kept on the map.
 */
export function moveBlock(block: EditorBlock, by: Point, grid: number, map: { width: number; height: number }): EditorBlock {
  const p = pivotOf(block);
  const x = snapTo(p.x + block.dx + by.x, grid);
  const y = snapTo(p.y + block.dy + by.y, grid);
  return keptInside({ ...block, dx: round(x - p.x), dy: round(y - p.y) }, map);
}

/** Degrees in [0, 360). */
export const normalAngle = (deg: number) => round(((deg % 360) + 360) % 360);

/** The block turned by `by` degrees (clockwise on screen), kept on the map. */
export function rotateBlock(block: EditorBlock, by: number, map: { width: number; height: number }): EditorBlock {
  if (block.kind === 'standing') return block;
  return keptInside({ ...block, angle: normalAngle(block.angle + by) }, map);
}

/** The angle the rotate handle points the block to (the handle sits above the middle), snapped to `step` degrees. */
export function angleTowards(block: EditorBlock, pointer: Point, step: number): number {
  const c = centreOf(block);
  const deg = (Math.atan2(pointer.y - c.y, pointer.x - c.x) * 180) / Math.PI + 90;
  return normalAngle(snapTo(deg, step));
}

// ── labels that never print over seats ─────────────────────────────────────
const intersects = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** A label's box centred on a point (a rough width: 0.65 em a character, plus padding). */
export function labelBox(text: string, at: Point, size = LABEL_SIZE): Box {
  const w = text.length * size * 0.65 + size * 0.6;
  const h = size * 1.3;
  return { x0: at.x - w / 2, y0: at.y - h / 2, x1: at.x + w / 2, y1: at.y + h / 2 };
}

/**
 * Where the plan prints a block's code: just above the block, else below, left or right of it — the
 * first place that covers no block's seats and stays on the map. A standing area (no seats) has its label inside.
 */
export function labelPlacement(text: string, box: Box, others: readonly Box[], map: { width: number; height: number }, size = LABEL_SIZE): Point {
  const probe = labelBox(text, { x: 0, y: 0 }, size);
  const hw = (probe.x1 - probe.x0) / 2;
  const hh = (probe.y1 - probe.y0) / 2;
  const gap = 2;
  const cx = (box.x0 + box.x1) / 2;
  const cy = (box.y0 + box.y1) / 2;
  const candidates: Point[] = [
    { x: cx, y: box.y0 - gap - hh },
    { x: cx, y: box.y1 + gap + hh },
    { x: box.x0 - gap - hw, y: cy },
    { x: box.x1 + gap + hw, y: cy },
  ];
  const fits = (p: Point) => {
    const b = labelBox(text, p, size);
    return b.x0 >= 0 && b.y0 >= 0 && b.x1 <= map.width && b.y1 <= map.height && !intersects(b, box) && !others.some((o) => intersects(b, o));
  };
  const best = candidates.find(fits) ?? candidates.find((p) => !intersects(labelBox(text, p, size), box)) ?? candidates[0];
  return { x: round(best.x), y: round(best.y) };
}

/** Each block's label point in the plan (seated blocks outside their seats; standing areas at their middle). */
export function labelPoints(blocks: readonly EditorBlock[], map: { width: number; height: number }): Point[] {
  const boxes = blocks.map((b) => (b.kind === 'seated' && b.rows.length ? boxOf(b) : null));
  return blocks.map((b, i) => {
    const box = boxes[i];
    if (!box) return centreOf(b);
    const others = boxes.filter((o, j): o is Box => o !== null && j !== i);
    return labelPlacement(b.code, box, others, map);
  });
}

/** Pairs of blocks whose seats come closer than a seat's width (drawn on top of each other). */
export function overlapping(blocks: readonly EditorBlock[]): [string, string][] {
  const placed = blocks.map((b) => ({ b, rows: placedRows(b) }));
  const boxes = placed.map(({ b, rows }) => boxOf(b, rows));
  const out: [string, string][] = [];
  const min = 2 * SEAT_RADIUS - 0.01;
  for (let i = 0; i < placed.length; i++)
    for (let j = i + 1; j < placed.length; j++) {
      if (!intersects(boxes[i], boxes[j])) continue;
      if (placed[i].b.kind === 'standing' || placed[j].b.kind === 'standing') {
        out.push([placed[i].b.code, placed[j].b.code]);
        continue;
      }
      const a = placed[i].rows.flatMap((r) => r.seats);
      const b = placed[j].rows.flatMap((r) => r.seats);
      if (a.some((s) => b.some((t) => Math.abs(s.x - t.x) < min && Math.abs(s.y - t.y) < min && Math.hypot(s.x - t.x, s.y - t.y) < min))) out.push([placed[i].b.code, placed[j].b.code]);
    }
  return out;
}

// ── to and from the layout JSON ────────────────────────────────────────────
export type LayoutJson = {
  width: number;
  height: number;
  outline: EditorShape[];
  sections: { code: string; name: Localized; kind: 'seated' | 'standing'; capacity?: number; labelX?: number; labelY?: number; rows: EditorRow[] }[];
};

/** The editor's blocks from the venue's layout (as GET …/venues/{id} answers it), with the sold counts by section code. */
export function fromLayout(layout: LayoutJson, sold: ReadonlyMap<string, number> = new Map()): EditorLayout {
  return {
    width: layout.width,
    height: layout.height,
    outline: layout.outline,
    blocks: layout.sections.map((s) => ({
      code: s.code,
      name: s.name,
      kind: s.kind,
      ...(s.capacity !== undefined ? { capacity: s.capacity } : {}),
      rows: s.rows,
      ...(s.labelX !== undefined ? { labelX: s.labelX } : {}),
      ...(s.labelY !== undefined ? { labelY: s.labelY } : {}),
      dx: 0,
      dy: 0,
      angle: 0,
      sold: sold.get(s.code) ?? 0,
    })),
  };
}

/** The layout JSON of what the editor shows: every seat where it stands, each label where the plan prints it. */
export function toLayout(editor: EditorLayout): LayoutJson {
  const labels = labelPoints(editor.blocks, editor);
  return {
    width: editor.width,
    height: editor.height,
    outline: editor.outline,
    sections: editor.blocks.map((b, i) => ({
      code: b.code,
      name: b.name,
      kind: b.kind,
      ...(b.kind === 'standing' ? { capacity: b.capacity ?? 1 } : {}),
      labelX: labels[i].x,
      labelY: labels[i].y,
      rows: b.kind === 'seated' ? placedRows(b) : [],
    })),
  };
}

/** A new block of `rows` × `seatsPerRow` seats with its middle at `at` (snapped, kept on the map). */
export function newBlock(
  input: { code: string; name: Localized; rows: number; seatsPerRow: number; curve: number; spacing?: number },
  at: Point,
  grid: number,
  map: { width: number; height: number },
): EditorBlock {
  const rows = generateRows({ rows: input.rows, seatsPerRow: input.seatsPerRow, originX: 0, originY: 0, spacing: input.spacing ?? 12, curve: input.curve, rowOffset: 0 });
  // Seats from the origin: shifted so that none is left of or above it, then moved to `at`.
  const box = seatBox(rows)!;
  const shifted = rows.map((r) => ({ label: r.label, seats: r.seats.map((s) => ({ label: s.label, x: round(s.x - box.x0 + SEAT_RADIUS), y: round(s.y - box.y0 + SEAT_RADIUS) })) }));
  const block: EditorBlock = { code: input.code, name: input.name, kind: 'seated', rows: shifted, dx: 0, dy: 0, angle: 0, sold: 0 };
  const p = pivotOf(block);
  return moveBlock(block, { x: at.x - p.x, y: at.y - p.y }, grid, map);
}

// ── the outline: presets, moving and resizing ──────────────────────────────
export type OutlinePreset = 'football' | 'rink' | 'stage';

/** A football pitch (105 × 68), an ice rink (60 × 30, rounded corners) or a stage, fitted in the middle of the map (a stage at the top). */
export function outlinePreset(preset: OutlinePreset, map: { width: number; height: number }, label: Localized, grid: number): EditorShape {
  const ratio = preset === 'football' ? 105 / 68 : preset === 'rink' ? 2 : 3;
  const share = preset === 'stage' ? 0.4 : 0.45;
  let width = map.width * share;
  let height = width / ratio;
  if (height > map.height * share) [height, width] = [map.height * share, map.height * share * ratio];
  width = Math.max(grid, snapTo(width, grid));
  height = Math.max(grid, snapTo(height, grid));
  const x = snapTo((map.width - width) / 2, grid);
  const y = preset === 'stage' ? snapTo(map.height * 0.05, grid) : snapTo((map.height - height) / 2, grid);
  return { kind: 'rect', x, y, width, height, ...(preset === 'rink' ? { radius: round(height * 0.28) } : {}), label };
}

export function shapeBox(shape: EditorShape): Box {
  if (shape.kind === 'rect') return { x0: shape.x, y0: shape.y, x1: shape.x + shape.width, y1: shape.y + shape.height };
  if (shape.kind === 'ellipse') return { x0: shape.cx - shape.rx, y0: shape.cy - shape.ry, x1: shape.cx + shape.rx, y1: shape.cy + shape.ry };
  const xs = shape.points.map((p) => p[0]);
  const ys = shape.points.map((p) => p[1]);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The shape moved by `by`, its top-left corner snapped to the grid and the whole shape kept on the map. */
export function moveShape(shape: EditorShape, by: Point, grid: number, map: { width: number; height: number }): EditorShape {
  const box = shapeBox(shape);
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  const x0 = clamp(snapTo(box.x0 + by.x, grid), 0, Math.max(0, map.width - w));
  const y0 = clamp(snapTo(box.y0 + by.y, grid), 0, Math.max(0, map.height - h));
  const mx = round(x0 - box.x0);
  const my = round(y0 - box.y0);
  if (shape.kind === 'rect') return { ...shape, x: round(shape.x + mx), y: round(shape.y + my) };
  if (shape.kind === 'ellipse') return { ...shape, cx: round(shape.cx + mx), cy: round(shape.cy + my) };
  return { ...shape, points: shape.points.map(([x, y]) => [round(x + mx), round(y + my)] as [number, number]) };
}

/** The shape made wider/taller by `by` (its top-left corner stays), snapped, at least one grid step, kept on the map. */
export function resizeShape(shape: EditorShape, by: Point, grid: number, map: { width: number; height: number }): EditorShape {
  const box = shapeBox(shape);
  const min = Math.max(grid, 10);
  const w = clamp(snapTo(box.x1 - box.x0 + by.x, grid), min, map.width - box.x0);
  const h = clamp(snapTo(box.y1 - box.y0 + by.y, grid), min, map.height - box.y0);
  if (shape.kind === 'rect') return { ...shape, width: round(w), height: round(h), ...(shape.radius !== undefined ? { radius: round(Math.min(shape.radius, w / 2, h / 2)) } : {}) };
  if (shape.kind === 'ellipse') return { ...shape, cx: round(box.x0 + w / 2), cy: round(box.y0 + h / 2), rx: round(w / 2), ry: round(h / 2) };
  const sx = w / Math.max(1e-9, box.x1 - box.x0);
  const sy = h / Math.max(1e-9, box.y1 - box.y0);
  return { ...shape, points: shape.points.map(([x, y]) => [round(box.x0 + (x - box.x0) * sx), round(box.y0 + (y - box.y0) * sy)] as [number, number]) };
}

/** A point clicked (or placed with the keyboard) for a polygon: snapped and on the map. */
export function polygonPoint(at: Point, grid: number, map: { width: number; height: number }): [number, number] {
  return [clamp(snapTo(at.x, grid), 0, map.width), clamp(snapTo(at.y, grid), 0, map.height)];
}
