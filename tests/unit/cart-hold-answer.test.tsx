/** @jest-environment jsdom */
// Issue 30 item 7: the web client uses what a hold answers instead of reading the cart again. A hold
// (POST …/cart/items) answers the cart; the cart page then shows that cart with no GET …/cart of its own,
// and taking a line out (DELETE …/cart/items/{id}) likewise shows the cart the release answered.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { CartView } from '@/components/cart/cart-view';
import { api, configureApiClient } from '@/lib/client/api-client';
import { holdInCart } from '@/lib/client/cart';
import { queryKeys } from '@/lib/client/query-keys';
import type { Cart, CartItem } from '@/lib/schemas/cart';
import en from '@/messages/en.json';

jest.mock('@/lib/client/toast', () => ({ notify: { error: jest.fn(), success: jest.fn(), info: jest.fn(), dismiss: jest.fn() } }));
jest.mock('@/lib/i18n/navigation', () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="#">{children}</a>,
  useRouter: () => ({ push: jest.fn(), refresh: jest.fn() }),
}));

const EVENT = 'slovan-dukla';
const money = (amount: number) => ({ amount, currency: 'EUR' as const });

function line(id: string, seat: string): CartItem {
  return {
    id,
    kind: 'seat',
    ticketType: { id: 'type-a', code: 'A', name: 'Category A' },
    seat: { section: 'East', row: '3', seat },
    listingId: null,
    price: money(2500),
    fee: money(100),
  };
}

function cartOf(items: CartItem[]): Cart {
  const subtotal = items.length * 2500;
  const fees = items.length * 100;
  return {
    eventId: 'e1',
    eventSlug: EVENT,
    holdId: items.length ? 'h1' : null,
    status: items.length ? 'active' : null,
    orderId: null,
    items,
    expiresAt: items.length ? new Date(Date.now() + 600_000).toISOString() : null,
    timeLeft: items.length ? 600 : 0,
    expired: false,
    couponCode: null,
    count: items.length,
    currency: 'EUR',
    subtotal: money(subtotal),
    discount: money(0),
    fees: money(fees),
    walletCredit: money(0),
    loyalty: null,
    total: money(subtotal + fees),
  };
}

/** The server's answers by method and path; every call is recorded. */
let calls: { method: string; path: string }[];
function serve(routes: Record<string, () => unknown>) {
  calls = [];
  (globalThis as unknown as { fetch: unknown }).fetch = jest.fn(async (url: string, init: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    const method = init.method ?? 'GET';
    calls.push({ method, path });
    const answer = routes[`${method} ${path}`] as (() => unknown) | undefined;
    const found = answer !== undefined;
    const body = found ? JSON.stringify(answer()) : '{"message":"not here"}';
    return { ok: found, status: found ? 200 : 404, headers: { get: () => 'application/json' }, text: async () => body };
  });
}
const cartReads = () => calls.filter((c) => c.method === 'GET' && c.path === `/api/v1/events/${EVENT}/cart`);

function page(client: QueryClient, serverCart: Cart) {
  return render(
    <QueryClientProvider client={client}>
      <NextIntlClientProvider locale="en" messages={en} timeZone="Europe/Bratislava">
        <CartView eventId={EVENT} initialCart={serverCart} paymentNotice={null} />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => configureApiClient({ locale: 'en', translate: (key: string) => key, baseUrl: '' }));

it('a hold puts the cart it answered in the cache: the cart page shows it and reads nothing again', async () => {
  const held = cartOf([line('i1', '7'), line('i2', '8')]);
  serve({
    [`POST /api/v1/events/${EVENT}/cart/items`]: () => held,
    [`GET /api/v1/events/${EVENT}/cart`]: () => held,
    [`GET /api/v1/events/${EVENT}/cart/concessions`]: () => ({ lines: [] }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The fan had the cart page open a while ago (an empty cart, long stale), then held two seats.
  client.setQueryData(queryKeys.cart(EVENT), cartOf([]), { updatedAt: Date.now() - 3_600_000 });
  const result = await holdInCart(client, EVENT, { seatIds: ['00000000-0000-4000-8000-000000000007', '00000000-0000-4000-8000-000000000008'] });
  expect(result.ok).toBe(true);
  expect(client.getQueryData(queryKeys.cart(EVENT))).toEqual(held);

  // The cart page (its server render read the cart as it was before the hold reached it: the stale one).
  page(client, cartOf([]));
  expect(await screen.findAllByTestId('cart-item')).toHaveLength(2);
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(cartReads()).toHaveLength(0);
  expect(calls.filter((c) => c.path === `/api/v1/events/${EVENT}/cart/items`)).toEqual([{ method: 'POST', path: `/api/v1/events/${EVENT}/cart/items` }]);
});

it('taking a line out shows the cart the release answered, without reading it again', async () => {
  const before = cartOf([line('i1', '7'), line('i2', '8')]);
  const after = cartOf([line('i2', '8')]);
  serve({
    [`DELETE /api/v1/events/${EVENT}/cart/items/i1`]: () => after,
    [`GET /api/v1/events/${EVENT}/cart`]: () => after,
    [`GET /api/v1/events/${EVENT}/cart/concessions`]: () => ({ lines: [] }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  page(client, before);
  expect(screen.getAllByTestId('cart-item')).toHaveLength(2);
  fireEvent.click(screen.getAllByRole('button', { name: new RegExp(en.cart.remove) })[0]);
  await waitFor(() => expect(screen.getAllByTestId('cart-item')).toHaveLength(1));
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  expect(cartReads()).toHaveLength(0);
});

it('(the old way, for contrast) a hold whose answer is dropped leaves the cart page to read the cart again', async () => {
  const held = cartOf([line('i1', '7')]);
  serve({
    [`POST /api/v1/events/${EVENT}/cart/items`]: () => held,
    [`GET /api/v1/events/${EVENT}/cart`]: () => held,
    [`GET /api/v1/events/${EVENT}/cart/concessions`]: () => ({ lines: [] }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.cart(EVENT), cartOf([]), { updatedAt: Date.now() - 3_600_000 });
  // What the ticket picker did before issue 30: post, keep nothing, go to the cart page.
  expect((await api.post(`/api/v1/events/${EVENT}/cart/items`, { seatIds: ['00000000-0000-4000-8000-000000000007'] })).ok).toBe(true);
  page(client, cartOf([]));
  expect(await screen.findAllByTestId('cart-item')).toHaveLength(1);
  expect(cartReads()).toHaveLength(1);
});
