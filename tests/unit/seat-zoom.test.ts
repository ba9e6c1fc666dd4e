import { flatten, type MapLayout } from '@/lib/seats/layout';
import { clampView, MIN_SEAT_PX, sectionAt, sectionBoxes, seatPixels, seatsTappable, zoomAround, zoomToBox, zoomToSeats, MAX_SEAT_PX, SECTION_SEAT_PX } from '@/components/seats/zoom';

// The demo stadium's shape: 1000 × 720, a 16 × 10 block of seats 12 units apart.
const full = { w: 1000, h: 720 };
const layout: MapLayout = {
  width: 1000,
  height: 720,
  sections: ['A1', 'A2'].map((name, s) => ({
    id: name,
    name,
    labelX: null,
    labelY: null,
    rows: Array.from({ length: 10 }, (_, r) => ({
      label: String(r + 1),
      seats: Array.from({ length: 16 }, (_, k) => [`${name}-${r}-${k}`, String(k + 1), 308 + s * 204 + k * 12, 226 - r * 12, 0] as [string, string, number, number, number]),
    })),
  })),
};
const flat = flatten(layout);
const boxes = sectionBoxes(flat, 2);
const PHONE = 358; // a 390 px phone's map box

describe('seat map zoom', () => {
  it('on a phone the whole venue is too small to tap a seat', () => {
    const whole = { x: 0, y: 0, w: 1000, h: 720 };
    expect(seatPixels(whole, PHONE)).toBeCloseTo(3.58);
    expect(seatsTappable(whole, PHONE)).toBe(false);
  });

  it('zooming to a section makes each seat at least 24 px on a phone, centred on the section', () => {
    const view = zoomToBox(boxes[0]!, full, PHONE);
    expect(seatPixels(view, PHONE)).toBeGreaterThanOrEqual(MIN_SEAT_PX);
    expect(seatsTappable(view, PHONE)).toBe(true);
    expect(view.h / view.w).toBeCloseTo(0.72);
    const cx = (boxes[0]!.x0 + boxes[0]!.x1) / 2;
    expect(view.x + view.w / 2).toBeCloseTo(cx);
  });

  it('on a wide screen a section fits whole, with seats still at least 24 px', () => {
    const view = zoomToBox(boxes[1]!, full, 1200);
    expect(view.x).toBeLessThanOrEqual(boxes[1]!.x0);
    expect(view.x + view.w).toBeGreaterThanOrEqual(boxes[1]!.x1);
    expect(seatPixels(view, 1200)).toBeGreaterThanOrEqual(MIN_SEAT_PX);
  });

  it('never zooms past the largest seat size, and a view stays inside the venue', () => {
    const tiny = { x0: 500, y0: 300, x1: 510, y1: 310 };
    expect(seatPixels(zoomToBox(tiny, full, PHONE), PHONE)).toBeLessThanOrEqual(MAX_SEAT_PX + 1e-9);
    const corner = zoomToBox({ x0: 0, y0: 0, x1: 10, y1: 10 }, full, PHONE);
    expect(corner.x).toBe(0);
    expect(corner.y).toBe(0);
    expect(clampView({ x: -50, y: 900, w: 5000, h: 1 }, full, 100)).toEqual({ x: 0, y: 0, w: 1000, h: 720 });
  });

  it('shows chosen seats with their surroundings, all of them while a seat stays at least 24 px', () => {
    // two seats on a wide screen: not blown up to the largest size, but the comfortable one
    const two = { x0: 495, y0: 221, x1: 517, y1: 231 };
    expect(seatPixels(zoomToSeats(two, full, 1200), 1200)).toBeCloseTo(SECTION_SEAT_PX);
    // ten seats in a row on a phone: all in view, seats between 24 and 28 px
    const ten = { x0: 303, y0: 221, x1: 421, y1: 231 };
    const view = zoomToSeats(ten, full, PHONE);
    expect(view.x).toBeLessThanOrEqual(ten.x0);
    expect(view.x + view.w).toBeGreaterThanOrEqual(ten.x1);
    expect(seatPixels(view, PHONE)).toBeGreaterThanOrEqual(MIN_SEAT_PX);
    // ten seats down an end stand: too tall to fit at 24 px, so centred on them with seats at 24 px
    const column = { x0: 719, y0: 243, x1: 729, y1: 361 };
    expect(seatPixels(zoomToSeats(column, full, PHONE), PHONE)).toBeCloseTo(MIN_SEAT_PX);
  });

  it('zooms around a point that stays put on screen', () => {
    const view = zoomAround({ x: 0, y: 0, w: 1000, h: 720 }, 2, { x: 250, y: 180 }, full, 50);
    expect(view).toEqual({ x: 125, y: 90, w: 500, h: 360 });
  });

  it('finds the section under a point, counting the gap around its seats', () => {
    expect(sectionAt(boxes, 310, 220)).toBe(0);
    expect(sectionAt(boxes, 308 + 15 * 12 + 8, 200)).toBe(0);
    expect(sectionAt(boxes, 520, 200)).toBe(1);
    expect(sectionAt(boxes, 500, 600)).toBeNull();
  });
});
