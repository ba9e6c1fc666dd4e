/**
 * @jest-environment jsdom
 */
import { Profiler, type ProfilerOnRenderCallback } from 'react';
import { act, fireEvent, render } from '@testing-library/react';
import { TooltipProvider } from '@radix-ui/react-tooltip';
import { flatten, neighbour, toMapLayout, type MapLayout } from '@/lib/seats/layout';
import { SeatMap, type SeatMapText } from '@/components/seats/seat-map';

/** A stadium of `sections` blocks, `rows` × `seats` each, on a 12-unit grid. */
function stadium(sections: number, rows: number, seats: number): MapLayout {
  return {
    width: 2000,
    height: 2000,
    sections: Array.from({ length: sections }, (_, s) => ({
      id: `sec-${s}`,
      name: `Sector ${s + 1}`,
      labelX: null,
      labelY: null,
      rows: Array.from({ length: rows }, (_, r) => ({
        label: String(r + 1),
        seats: Array.from({ length: seats }, (_, k) => [`s${s}-r${r}-k${k}`, String(k + 1), 10 + k * 12, 10 + (s * rows + r) * 12, s % 3] as [string, string, number, number, number]),
      })),
    })),
  };
}

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
const types = [
  { name: 'A', color: '#b45309', priceText: '€25.00' },
  { name: 'B', color: '#1d4ed8', priceText: '€18.00' },
  { name: 'C', color: '#047857', priceText: '€12.00' },
];

describe('seat layout helpers', () => {
  const layout = stadium(2, 3, 4);
  const flat = flatten(layout);

  it('flattens sections → rows → seats in drawing order', () => {
    expect(flat.count).toBe(24);
    expect(flat.ids[0]).toBe('s0-r0-k0');
    expect(flat.ids[5]).toBe('s0-r1-k1');
    expect(flat.index.get('s1-r2-k3')).toBe(23);
    expect(flat.row[5]).toBe('2');
    expect(flat.section[23]).toBe(1);
  });

  it('moves the keyboard cursor to the neighbouring seat in each direction, staying put at an edge', () => {
    const at = (id: string) => flat.index.get(id)!;
    expect(flat.ids[neighbour(flat, at('s0-r1-k1'), 'right')]).toBe('s0-r1-k2');
    expect(flat.ids[neighbour(flat, at('s0-r1-k1'), 'left')]).toBe('s0-r1-k0');
    expect(flat.ids[neighbour(flat, at('s0-r1-k1'), 'down')]).toBe('s0-r2-k1');
    expect(flat.ids[neighbour(flat, at('s0-r1-k1'), 'up')]).toBe('s0-r0-k1');
    expect(flat.ids[neighbour(flat, at('s0-r0-k0'), 'left')]).toBe('s0-r0-k0');
  });

  it('maps the API layout to price-category indices', () => {
    const mapped = toMapLayout(
      { width: 10, height: 10, sections: [{ id: 'x', name: 'X', rows: [{ label: '1', seats: [{ id: 'a', label: '1', x: 1, y: 2, ticketTypeId: 't2' }, { id: 'b', label: '2', x: 3, y: 2, ticketTypeId: null }] }] }] },
      ['t1', 't2'],
    );
    expect(mapped.sections[0].rows[0].seats).toEqual([
      ['a', '1', 1, 2, 1],
      ['b', '2', 3, 2, -1],
    ]);
  });
});

describe('SeatMap with 10,000 seats', () => {
  const layout = stadium(10, 25, 40); // 10,000 seats
  const flat = flatten(layout);

  function renderMap(props: { selected: Set<string>; taken: Set<string>; onToggle: (id: string) => void }, onRender: ProfilerOnRenderCallback) {
    return (
      <TooltipProvider>
        <Profiler id="map" onRender={onRender}>
          <SeatMap layout={layout} flat={flat} types={types} taken={props.taken} resale={new Set()} selected={props.selected} ready onToggle={props.onToggle} text={text} />
        </Profiler>
      </TooltipProvider>
    );
  }

  it('draws one circle per seat in one SVG and picks seats through one delegated listener', () => {
    const onToggle = jest.fn();
    const view = render(renderMap({ selected: new Set(), taken: new Set(['s0-r0-k1']), onToggle }, () => {}));
    const svg = view.getByTestId('seat-map');
    expect(view.container.querySelectorAll('svg')).toHaveLength(1);
    expect(svg.querySelectorAll('circle[data-i]')).toHaveLength(10_000);
    // the taken seat is greyed by the overlay layer, not by a per-seat component
    expect(svg.querySelectorAll('circle:not([data-i])')).toHaveLength(1);
    const seat = svg.querySelector('circle[data-i="4321"]')!;
    fireEvent.pointerDown(seat, { pointerId: 1, button: 0, clientX: 5, clientY: 5 });
    fireEvent.pointerUp(seat, { pointerId: 1, button: 0, clientX: 5, clientY: 5 });
    expect(onToggle).toHaveBeenCalledWith(flat.ids[4321]);
  });

  it('lets the browser skip styling and painting the seats while the map is off screen (content-visibility)', () => {
    const view = render(renderMap({ selected: new Set(), taken: new Set(), onToggle: () => {} }, () => {}));
    const box = view.getByTestId('seat-map').parentElement!;
    expect(box.style.getPropertyValue('content-visibility')).toBe('auto');
    // skipped, not hidden: the seats stay in the DOM (and the accessibility tree)
    expect(box.querySelectorAll('circle[data-i]')).toHaveLength(10_000);
  });

  it('a selection change re-renders only the overlays, not the 10,000-seat layer', () => {
    const durations: number[] = [];
    const onRender: ProfilerOnRenderCallback = (_id, _phase, actualDuration) => durations.push(actualDuration);
    const view = render(renderMap({ selected: new Set(), taken: new Set(), onToggle: () => {} }, onRender));
    const firstSeatNode = view.getByTestId('seat-map').querySelector('circle[data-i="0"]');
    const mountCost = Math.max(...durations);
    durations.length = 0;
    act(() => {
      view.rerender(renderMap({ selected: new Set([flat.ids[10], flat.ids[11]]), taken: new Set(), onToggle: () => {} }, onRender));
    });
    const updateCost = Math.max(...durations);
    expect(view.getByTestId('seat-map').querySelector('circle[data-i="0"]')).toBe(firstSeatNode);
    expect(view.getByTestId('seat-map').querySelectorAll('circle:not([data-i])')).toHaveLength(2);
    // the static layer is memoised: an update costs a small fraction of drawing the venue
    expect(updateCost).toBeLessThan(mountCost / 5);
  });
});
