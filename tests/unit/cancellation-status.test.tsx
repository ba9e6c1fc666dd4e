/**
 * @jest-environment jsdom
 */
// The console's panel of a cancelled event's refunds, rendered as the server renders it, in each language.
import { render, screen } from '@testing-library/react';
import { createTranslator } from 'use-intl/core';
import cs from '@/messages/cs.json';
import en from '@/messages/en.json';
import sk from '@/messages/sk.json';
import type { CancellationProgress } from '@/lib/server/events/cancel';

const catalogues = { sk, cs, en };
let locale: 'sk' | 'cs' | 'en' = 'sk';
jest.mock('next-intl/server', () => ({
  getLocale: async () => locale,
  getTranslations: async (namespace: string) => createTranslator({ locale, messages: catalogues[locale], namespace: namespace as never }),
}));

const { CancellationStatus } = jest.requireActual<typeof import('@/components/organiser/cancellation-status')>('@/components/organiser/cancellation-status');

const working: CancellationProgress = {
  status: 'cancelled',
  cancelledAt: '2026-11-24T09:30:00.000Z',
  ordersWaiting: 12,
  ordersRefunded: 30,
  refundsSucceeded: 25,
  refundsPending: 4,
  refundsFailing: 1,
  ticketsLeft: 20,
  done: false,
};

async function show(progress: CancellationProgress, lang: typeof locale) {
  locale = lang;
  const element = await CancellationStatus({ progress });
  return render(<>{element}</>);
}

describe('CancellationStatus', () => {
  it('shows the counts and that refunds go on, in Slovak', async () => {
    await show(working, 'sk');
    expect(screen.getByRole('heading', { name: 'Zrušenie a vrátenie peňazí' })).toBeInTheDocument();
    expect(screen.getByText('Vrátené objednávky').nextSibling).toHaveTextContent('30');
    expect(screen.getByTestId('cancellation-ordersWaiting')).toHaveTextContent('12');
    expect(screen.getByTestId('cancellation-refundsFailing')).toHaveTextContent('1');
    expect(screen.getByText(/^Zrušené 24\. 11\. 2026/)).toBeInTheDocument();
    expect(screen.getByText('Peniaze sa vracajú. Pokračuje sa samo, aj keď túto stránku zavriete.')).toBeInTheDocument();
  });

  it('says when everything is back, in Czech and English', async () => {
    const done = { ...working, ordersWaiting: 0, refundsPending: 0, refundsFailing: 0, refundsSucceeded: 30, ticketsLeft: 0, done: true };
    const { unmount } = await show(done, 'cs');
    expect(screen.getByText('Všechny zaplacené objednávky jsou vrácené a všechny vstupenky akce jsou neplatné.')).toBeInTheDocument();
    unmount();
    await show(done, 'en');
    expect(screen.getByText('Every paid order is refunded and every ticket of the event is void.')).toBeInTheDocument();
  });

  it('renders nothing for an event that is not cancelled', async () => {
    const { container } = await show({ ...working, status: 'on_sale' }, 'en');
    expect(container).toBeEmptyDOMElement();
  });
});
