/**
 * @jest-environment jsdom
 */
// Issue 31's walk: section labels overprinted seats in the console's plan. There (labelsBeside) a label
// placed among its seats — as the seeded stadiums place every label — is drawn beside the block, on the side
// away from the map's centre, covering none of its seats; the fans' map keeps it where the layout puts it.
import { render } from '@testing-library/react';
import { TooltipProvider } from '@radix-ui/react-tooltip';
import { flatten, type MapLayout } from '@/lib/seats/layout';
import { SeatMap, type SeatMapText } from '@/components/seats/seat-map';
import { labelBesideSeats, SEAT_RADIUS } from '@/components/seats/zoom';

/** A block of 3 × 4 seats with its top-left seat at (x, y), 12 units apart; its label at the block's centre. */
function block(id: string, x: number, y: number) {
  return {
    id,
    name: id,
    labelX: x + 18,
    labelY: y + 12,
    rows: [0, 1, 2].map((r) => ({ label: String(r + 1), seats: [0, 1, 2, 3].map((k) => [`${id}-${r}-${k}`, String(k + 1), x + 12 * k, y + 12 * r, 0] as [string, string, number, number, number]) })),
  };
}

// A pitch in the middle of a 400 × 300 map, a block above, below, left and right of it.
const layout: MapLayout = {
  width: 400,
  height: 300,
  sections: [block('TOP', 182, 40), block('BOTTOM', 182, 236), block('LEFT', 40, 138), block('RIGHT', 324, 138)],
};
const text: SeatMapText = {
  title: 'Seat map',
  help: 'help',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  resetZoom: 'Whole map',
  seatName: (section, row, seat) => `${section}, row ${row}, seat ${seat}`,
  state: { available: 'Available', selected: 'Selected', taken: 'Taken', resale: 'From a fan', unavailable: 'Taken' },
  resaleHint: 'hint',
};

/** Each label's point in map units and its CSS shift, read from the rendered list. */
function labelsOf(labelsBeside: boolean, lay: MapLayout = layout) {
  const view = render(
    <TooltipProvider>
      <SeatMap layout={lay} flat={flatten(lay)} types={[{ name: 'A', color: '#047857', priceText: '€5.00' }]} taken={new Set()} resale={new Set()} selected={new Set()} ready onToggle={() => {}} text={text} labelsBeside={labelsBeside} />
    </TooltipProvider>,
  );
  const items = [...view.getByTestId('section-labels').querySelectorAll('li')];
  const read = items.map((li) => ({
    name: li.textContent,
    x: (parseFloat(li.style.left) / 100) * lay.width,
    y: (parseFloat(li.style.top) / 100) * lay.height,
    transform: li.style.transform,
  }));
  view.unmount();
  return read;
}

/** The block's seats' extent, circles included. */
function extent(name: string) {
  const seats = layout.sections.find((s) => s.name === name)!.rows.flatMap((r) => r.seats);
  const xs = seats.map((s) => s[2]);
  const ys = seats.map((s) => s[3]);
  return { x0: Math.min(...xs) - SEAT_RADIUS, x1: Math.max(...xs) + SEAT_RADIUS, y0: Math.min(...ys) - SEAT_RADIUS, y1: Math.max(...ys) + SEAT_RADIUS };
}

describe('section labels in the console’s plan', () => {
  it('sit beside their block, on the side away from the centre, and the whole label stays off the seats', () => {
    const labels = labelsOf(true);
    expect(labels.map((l) => l.name)).toEqual(['TOP', 'BOTTOM', 'LEFT', 'RIGHT']);
    const at = Object.fromEntries(labels.map((l) => [l.name, l]));
    // Above the top block, its bottom edge at the point: the label grows upwards, away from the seats.
    expect(at.TOP.y).toBeLessThan(extent('TOP').y0);
    expect(at.TOP.transform).toBe('translate(-50%, -100%)');
    expect(at.BOTTOM.y).toBeGreaterThan(extent('BOTTOM').y1);
    expect(at.BOTTOM.transform).toBe('translate(-50%, 0%)');
    expect(at.LEFT.x).toBeLessThan(extent('LEFT').x0);
    expect(at.LEFT.transform).toBe('translate(-100%, -50%)');
    expect(at.RIGHT.x).toBeGreaterThan(extent('RIGHT').x1);
    expect(at.RIGHT.transform).toBe('translate(0%, -50%)');
  });

  it('stay where the layout puts them on the fans’ map (a tap on one zooms to its section)', () => {
    for (const label of labelsOf(false)) {
      const section = layout.sections.find((s) => s.name === label.name)!;
      expect(label.x).toBeCloseTo(section.labelX!, 5);
      expect(label.y).toBeCloseTo(section.labelY!, 5);
      expect(label.transform).toBe('translate(-50%, -50%)');
    }
  });

  it('a block at the very top edge keeps its label among its seats rather than off the map', () => {
    const edge: MapLayout = { width: 400, height: 300, sections: [block('EDGE', 182, 0)] };
    expect(labelBesideSeats({ x0: 182, y0: 0, x1: 218, y1: 24 }, { w: 400, h: 300 }).y).toBeLessThan(0);
    const [label] = labelsOf(true, edge);
    expect(label.x).toBeCloseTo(200, 5);
    expect(label.y).toBeCloseTo(12, 5);
    expect(label.transform).toBe('translate(-50%, -50%)');
  });
});
