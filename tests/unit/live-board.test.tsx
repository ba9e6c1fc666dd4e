/**
 * @jest-environment jsdom
 */
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import { LiveBoard } from '@/components/organiser/live-board';
import { queryKeys } from '@/lib/client/query-keys';
import type { LiveView } from '@/lib/schemas/reports-live';
import en from '@/messages/en.json';

const EVENT = '7a1c7c1e-1111-4111-8111-111111111111';

function view(soldOut: string[], inCarts = 3): LiveView {
  const categories = [
    { id: 'a', code: 'A', name: 'Category A – main stand', color: '#b45309', sold: 120, capacity: 400 },
    { id: 'c', code: 'C', name: 'Category C – behind the goal', color: '#047857', sold: 200, capacity: 200 },
  ].map((c) => ({ ...c, soldOut: soldOut.includes(c.id) }));
  return {
    eventId: EVENT,
    slug: 'match',
    status: 'on_sale',
    currency: 'EUR',
    checkedAt: new Date().toISOString(),
    inCarts: { total: inCarts, tickets: inCarts, resale: 0 },
    soldLastMinute: { orders: 2, tickets: 5 },
    entered: { total: 7, gates: [{ gate: 'Gate B', admitted: 5 }, { gate: null, admitted: 2 }] },
    sold: 320,
    capacity: 600,
    soldOut,
    categories,
  };
}

function show(initial: LiveView) {
  // No polling in this test: the refreshes are handed to the query cache as the poll would.
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  render(
    <QueryClientProvider client={client}>
      <NextIntlClientProvider locale="en" messages={en} timeZone="Europe/Bratislava">
        <LiveBoard eventId={EVENT} initial={initial} />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
  return async (next: LiveView) => {
    await act(async () => {
      client.setQueryData(queryKeys.organiserLive(EVENT), next);
      // TanStack Query tells its observers on the next tick.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  };
}

describe('the live board', () => {
  it('shows the figures big, per category with its state', () => {
    show(view([]));
    expect(screen.getByTestId('live-in-carts')).toHaveTextContent('3');
    expect(screen.getByTestId('live-sold-last-minute')).toHaveTextContent('5');
    expect(screen.getByTestId('live-sold')).toHaveTextContent('320');
    // Who came in, per gate (a gate that named none by its own name), summing to the total.
    expect(screen.getByTestId('live-entered')).toHaveTextContent('7');
    expect(screen.getAllByTestId('live-gate').map((row) => row.textContent)).toEqual(['Gate B5', 'Unnamed gate2']);
    expect(screen.getByTestId('live-gates')).toHaveTextContent('Total7');
    expect(screen.getByTestId('live-category-C')).toHaveTextContent('On sale');
    expect(screen.getByTestId('live-updated')).toHaveTextContent('Updated just now');
  });

  it('announces the sold-out categories when they change, not at every refresh', async () => {
    const refresh = show(view([]));
    const region = screen.getByTestId('live-announcement');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('');
    await refresh(view([], 7));
    expect(screen.getByTestId('live-in-carts')).toHaveTextContent('7');
    expect(region).toHaveTextContent('');
    await refresh(view(['c'], 8));
    expect(region).toHaveTextContent('Sold out: Category C – behind the goal.');
    expect(screen.getByTestId('live-category-C')).toHaveTextContent('Sold out');
    const node = region.firstChild;
    await refresh(view(['c'], 9));
    // Same set: the region's text is not written again (a screen reader would repeat it).
    expect(region.firstChild).toBe(node);
    await refresh(view([], 9));
    expect(region).toHaveTextContent('No price category is sold out.');
  });
});
