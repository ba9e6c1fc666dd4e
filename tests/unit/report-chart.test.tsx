/**
 * @jest-environment jsdom
 */
// The console's report chart: uPlot is loaded when the chart mounts and draws the buckets; the table of
// the same figures is always in the page (for screen readers only while the chart shows, whose canvas
// is hidden from them), and "Show as table" (a toggle button) swaps the two.
import { act, fireEvent, render, screen } from '@testing-library/react';

const drawn: { data: number[][]; options: { width: number } }[] = [];
const destroyed: number[] = [];
jest.mock('uplot', () => {
  class FakePlot {
    static paths = { bars: () => () => null };
    static tzDate = (date: Date) => date;
    constructor(options: { width: number }, data: number[][], target: HTMLElement) {
      drawn.push({ data, options });
      target.appendChild(document.createElement('canvas'));
    }
    setSize() {}
    destroy() {
      destroyed.push(drawn.length);
    }
  }
  return { __esModule: true, default: FakePlot };
});
jest.mock('next-intl', () => ({ useLocale: () => 'sk' }));

class NoResize {
  observe() {}
  disconnect() {}
}
(globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver = NoResize;

const { ReportChart } = jest.requireActual<typeof import('@/components/organiser/reports/report-chart')>('@/components/organiser/reports/report-chart');

const xs = [Date.parse('2026-11-14T16:00:00Z'), Date.parse('2026-11-14T16:05:00Z')];

async function show() {
  const view = render(
    <ReportChart title="Odbavenie v čase" toggleLabel="Zobraziť ako tabuľku" kind="lines" axis="time" xs={xs} series={[{ label: 'Jednotlivé vstupenky', values: [3, 7], color: '#047857' }]}>
      <table>
        <caption>Odbavenie v čase</caption>
        <tbody>
          <tr>
            <th scope="row">16:00</th>
            <td>3</td>
          </tr>
        </tbody>
      </table>
    </ReportChart>,
  );
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return view;
}

describe('ReportChart', () => {
  it('draws the buckets with uPlot behind a hidden-from-readers box, its table in the page for screen readers', async () => {
    const { container } = await show();
    expect(drawn.at(-1)!.data).toEqual([xs.map((x) => x / 1000), [3, 7]]);
    const canvas = container.querySelector('canvas')!;
    expect(canvas.closest('[aria-hidden="true"]')).not.toBeNull();
    const table = screen.getByRole('table', { name: 'Odbavenie v čase' });
    expect(table.parentElement).toHaveClass('sr-only');
    expect(screen.getByRole('button', { name: 'Zobraziť ako tabuľku' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('figure', { name: 'Odbavenie v čase' })).toBeInTheDocument();
  });

  it('swaps chart and table with the toggle, and back', async () => {
    const { container } = await show();
    const toggle = screen.getByRole('button', { name: 'Zobraziť ako tabuľku' });
    const before = drawn.length;
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(container.querySelector('canvas')).toBeNull();
    expect(destroyed.at(-1)).toBe(before);
    const table = screen.getByRole('table', { name: 'Odbavenie v čase' });
    expect(table.parentElement).not.toHaveClass('sr-only');
    expect(screen.getByRole('region', { name: 'Odbavenie v čase' })).toHaveAttribute('tabindex', '0');

    fireEvent.click(toggle);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(drawn.length).toBe(before + 1);
    expect(container.querySelector('canvas')).not.toBeNull();
  });
});
