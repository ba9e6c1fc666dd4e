// The seat map's zoom arithmetic, kept pure so it can be tested without a browser.
//
// The map's viewBox always keeps the venue's aspect ratio (the <svg> box has that ratio too), so a
// view is described by its top-left corner and width; `pixels` is the on-screen width of the map
// box in CSS px, and one map unit is `pixels / view.w` CSS px.

import { SEAT_PITCH, SEAT_RADIUS, type FlatSeats } from '@/lib/seats/layout';

export type ViewBox = { x: number; y: number; w: number; h: number };
export type Box = { x0: number; y0: number; x1: number; y1: number };
export type Size = { w: number; h: number };

/** A seat's radius and the distance between neighbouring seats, in map units (lib/seats/layout.ts). */
export { SEAT_RADIUS, SEAT_PITCH } from '@/lib/seats/layout';
/** On a touch screen a seat smaller than this (CSS px) is not tapped but its section zoomed to. */
export const MIN_SEAT_PX = 24;
/** Zooming to a section makes a seat this big (a little over the minimum, for fingers). */
export const SECTION_SEAT_PX = 28;
/** Zooming in stops here: a seat is never drawn bigger than this. */
export const MAX_SEAT_PX = 64;

/** CSS px per map unit. */
export function scaleOf(view: ViewBox, pixels: number): number {
  return view.w > 0 ? pixels / view.w : 0;
}

/** A seat's diameter on screen, in CSS px. */
export function seatPixels(view: ViewBox, pixels: number): number {
  return 2 * SEAT_RADIUS * scaleOf(view, pixels);
}

/** Whether seats are big enough to be tapped one by one. */
export function seatsTappable(view: ViewBox, pixels: number): boolean {
  return seatPixels(view, pixels) >= MIN_SEAT_PX - 0.01;
}

/** The narrowest view: seats at MAX_SEAT_PX (an eighth of the venue when the box is not measured yet). */
export function minViewWidth(full: Size, pixels: number): number {
  const narrowest = pixels > 0 ? (pixels * 2 * SEAT_RADIUS) / MAX_SEAT_PX : full.w / 8;
  return Math.min(full.w, narrowest);
}

/** A view kept inside the venue, no wider than it and no narrower than `minW`, with the venue's aspect ratio. */
export function clampView(view: ViewBox, full: Size, minW: number): ViewBox {
  const w = Math.min(full.w, Math.max(minW, view.w));
  const h = (w / full.w) * full.h;
  const x = Math.min(full.w - w, Math.max(0, view.x));
  const y = Math.min(full.h - h, Math.max(0, view.y));
  return { x, y, w, h };
}

/** Zoom by `factor` (> 1 in, < 1 out) keeping the map point `center` where it is on screen. */
export function zoomAround(view: ViewBox, factor: number, center: { x: number; y: number }, full: Size, minW: number): ViewBox {
  const w = view.w / factor;
  const h = view.h / factor;
  return clampView({ x: center.x - (center.x - view.x) / factor, y: center.y - (center.y - view.y) / factor, w, h }, full, minW);
}

/** The box around a set of seats (indices into `flat`), seat circles included; null for none. */
export function seatsBox(flat: FlatSeats, seats: Iterable<number>): Box | null {
  let box: Box | null = null;
  for (const i of seats) {
    const x = flat.xs[i];
    const y = flat.ys[i];
    if (!box) box = { x0: x, y0: y, x1: x, y1: y };
    else {
      box.x0 = Math.min(box.x0, x);
      box.y0 = Math.min(box.y0, y);
      box.x1 = Math.max(box.x1, x);
      box.y1 = Math.max(box.y1, y);
    }
  }
  if (!box) return null;
  return { x0: box.x0 - SEAT_RADIUS, y0: box.y0 - SEAT_RADIUS, x1: box.x1 + SEAT_RADIUS, y1: box.y1 + SEAT_RADIUS };
}

/** Each section's box (null for a section without seats), in the layout's section order. */
export function sectionBoxes(flat: FlatSeats, sectionCount: number): (Box | null)[] {
  const members: number[][] = Array.from({ length: sectionCount }, () => []);
  for (let i = 0; i < flat.count; i++) members[flat.section[i]]?.push(i);
  return members.map((seats) => seatsBox(flat, seats));
}

/**
 * Where a section's label goes so it covers none of its seats (the console's plans, where every seat must
 * stay visible to be picked): just beside the seats' box, on the side facing away from the map's centre —
 * above a block in the top half, left of one on the left, and so on — centred along that side.
 */
export function labelBesideSeats(box: Box, map: Size): { x: number; y: number } {
  const gap = SEAT_RADIUS + 3;
  const cx = (box.x0 + box.x1) / 2;
  const cy = (box.y0 + box.y1) / 2;
  const dx = map.w > 0 ? (cx - map.w / 2) / map.w : 0;
  const dy = map.h > 0 ? (cy - map.h / 2) / map.h : 0;
  if (Math.abs(dy) >= Math.abs(dx)) return { x: cx, y: dy < 0 ? box.y0 - gap : box.y1 + gap };
  return { x: dx < 0 ? box.x0 - gap : box.x1 + gap, y: cy };
}

/** The section whose box (widened by half a seat gap) holds the map point, or null. */
export function sectionAt(boxes: readonly (Box | null)[], x: number, y: number): number | null {
  const pad = (SEAT_PITCH - 2 * SEAT_RADIUS) / 2 + SEAT_RADIUS;
  for (let s = 0; s < boxes.length; s++) {
    const b = boxes[s];
    if (b && x >= b.x0 - pad && x <= b.x1 + pad && y >= b.y0 - pad && y <= b.y1 + pad) return s;
  }
  return null;
}

/**
 * The view that shows `box`: the whole box when it fits with seats at least SECTION_SEAT_PX big,
 * else centred on the box with seats exactly SECTION_SEAT_PX big (the fan pans for the rest).
 * Never zoomed past MAX_SEAT_PX. Without a measured box (`pixels` 0) it frames the box.
 */
export function zoomToBox(box: Box, full: Size, pixels: number): ViewBox {
  const pad = SEAT_PITCH;
  const aspect = full.h / full.w;
  const boxW = box.x1 - box.x0 + 2 * pad;
  const boxH = box.y1 - box.y0 + 2 * pad;
  // the narrowest view that holds the whole box
  const fitW = Math.max(boxW, boxH / aspect);
  let w = fitW;
  if (pixels > 0) {
    const widestForSeat = (pixels * 2 * SEAT_RADIUS) / SECTION_SEAT_PX;
    w = Math.max(minViewWidth(full, pixels), Math.min(fitW, widestForSeat));
  }
  const h = w * aspect;
  const cx = (box.x0 + box.x1) / 2;
  const cy = (box.y0 + box.y1) / 2;
  return clampView({ x: cx - w / 2, y: cy - h / 2, w, h }, full, Math.min(w, minViewWidth(full, pixels)));
}

/**
 * The view that shows a few chosen seats (best available) with their surroundings: seats SECTION_SEAT_PX
 * big around them, widened to show them all as long as a seat stays at least MIN_SEAT_PX (else centred on them).
 */
export function zoomToSeats(box: Box, full: Size, pixels: number): ViewBox {
  if (pixels <= 0) return zoomToBox(box, full, pixels);
  const aspect = full.h / full.w;
  const fitW = Math.max(box.x1 - box.x0 + 2 * SEAT_PITCH, (box.y1 - box.y0 + 2 * SEAT_PITCH) / aspect);
  const comfortable = (pixels * 2 * SEAT_RADIUS) / SECTION_SEAT_PX;
  const smallest = (pixels * 2 * SEAT_RADIUS) / MIN_SEAT_PX;
  const w = Math.max(comfortable, Math.min(fitW, smallest));
  const h = w * aspect;
  return clampView({ x: (box.x0 + box.x1) / 2 - w / 2, y: (box.y0 + box.y1) / 2 - h / 2, w, h }, full, Math.min(w, minViewWidth(full, pixels)));
}

/** Where a map point is in the box, as a fraction of its width and height (outside 0…1: not in view). */
export function toBoxFraction(view: ViewBox, x: number, y: number): { left: number; top: number } {
  return { left: (x - view.x) / view.w, top: (y - view.y) / view.h };
}
