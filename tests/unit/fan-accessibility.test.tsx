/**
 * @jest-environment jsdom
 */
// Issue 29 item 10 (axe, serious): success toasts readable (≥ 4.5:1), buttons whose accessible name starts
// with their visible text (WCAG 2.5.3 label in name), and the sent-announcements table a focusable region.
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import { AnnouncementsPanel } from '@/components/notifications/announcements-panel';
import { SUCCESS_BACKGROUND, TOAST_SETTINGS } from '@/lib/client/toast';
import cs from '@/messages/cs.json';
import en from '@/messages/en.json';
import sk from '@/messages/sk.json';

beforeAll(() => {
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
    observe() {}
    disconnect() {}
  };
});

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

it('success toasts have text of at least 4.5:1 on their background', () => {
  const text = (TOAST_SETTINGS.style as Record<string, string>)['--success-text'];
  expect(text).toMatch(/^#[0-9a-f]{6}$/i);
  expect(contrast(text, SUCCESS_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
  // sonner's own colour is the one axe flagged
  expect(contrast('#008a2e', SUCCESS_BACKGROUND)).toBeLessThan(4.5);
});

it.each([
  ['sk', sk],
  ['cs', cs],
  ['en', en],
])('%s: the wheelchair place and withdraw-offer buttons are named starting with their visible text', (_locale, messages) => {
  expect(messages.concessions.seats.addLabel.startsWith(messages.concessions.seats.add)).toBe(true);
  expect(messages.resaleBuying.withdrawLabel.startsWith(messages.resaleBuying.withdraw)).toBe(true);
});

it('the sent announcements scroll in a focusable region named like their heading', () => {
  const client = new QueryClient();
  const announcement = { id: '3f0c5e2a-8a0b-4c9d-9e1f-2a3b4c5d6e7f', message: { sk: 'Brány o 17:00', cs: 'Brány v 17:00', en: 'Gates at 5 pm' }, createdAt: new Date().toISOString(), recipients: 10, queued: 0, sent: 10, failed: 0 };
  render(
    <QueryClientProvider client={client}>
      <NextIntlClientProvider locale="en" messages={en} timeZone="Europe/Bratislava">
        <AnnouncementsPanel target={{ eventId: 'e1' }} initial={[announcement]} />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
  const region = screen.getByRole('region', { name: en.notifications.announcements.history });
  expect(region.tabIndex).toBe(0);
  expect(region).toContainElement(screen.getByTestId('announcement-list'));
});
