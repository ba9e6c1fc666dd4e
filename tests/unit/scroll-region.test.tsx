/**
 * @jest-environment jsdom
 */
// components/ui/scroll-region.tsx: a table wider than its box shows a fade on each edge that hides more.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ScrollRegion } from '@/components/ui/scroll-region';

let resize: (() => void) | null = null;
beforeAll(() => {
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
    constructor(callback: () => void) {
      resize = callback;
    }
    observe() {}
    disconnect() {}
  };
});

function sized(el: HTMLElement, scrollWidth: number, clientWidth: number) {
  Object.defineProperty(el, 'scrollWidth', { configurable: true, get: () => scrollWidth });
  Object.defineProperty(el, 'clientWidth', { configurable: true, get: () => clientWidth });
}

function edges(container: HTMLElement) {
  const of = (edge: string) => container.querySelector(`[data-edge="${edge}"]`)!.className.includes('opacity-100');
  return { start: of('start'), end: of('end') };
}

it('is a focusable region named like the table; a table that fits shows no fade', () => {
  const { container } = render(
    <ScrollRegion label="Sales by day">
      <table />
    </ScrollRegion>,
  );
  const region = screen.getByRole('region', { name: 'Sales by day' });
  expect(region.tabIndex).toBe(0);
  expect(region.dataset.overflow).toBe('false');
  expect(edges(container)).toEqual({ start: false, end: false });
});

it('fades the edge with more behind it, and both in the middle, as it scrolls', () => {
  const { container } = render(
    <ScrollRegion labelledBy="caption">
      <table />
    </ScrollRegion>,
  );
  const region = container.querySelector<HTMLElement>('[role="region"]')!;
  expect(region.getAttribute('aria-labelledby')).toBe('caption');
  sized(region, 900, 390);
  act(() => resize!());
  expect(region.dataset.overflow).toBe('true');
  expect(edges(container)).toEqual({ start: false, end: true });
  region.scrollLeft = 200;
  fireEvent.scroll(region);
  expect(edges(container)).toEqual({ start: true, end: true });
  region.scrollLeft = 510;
  fireEvent.scroll(region);
  expect(edges(container)).toEqual({ start: true, end: false });
});
