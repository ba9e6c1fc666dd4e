/**
 * @jest-environment jsdom
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { SeasonCancel } from '@/components/seasons/season-cancel';
import en from '@/messages/en.json';

const post = jest.fn();
const success = jest.fn();
const refresh = jest.fn();
jest.mock('@/lib/client/api-client', () => ({ api: { post: (...args: unknown[]) => post(...args) } }));
jest.mock('@/lib/client/toast', () => ({ notify: { success: (...args: unknown[]) => success(...args), error: jest.fn() } }));
jest.mock('@/lib/i18n/navigation', () => ({ useRouter: () => ({ refresh }) }));

// jsdom has no modal dialogs: showing one is setting `open`.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false;
  };
});
beforeEach(() => jest.clearAllMocks());

const SEASON = '7a1c7c1e-2222-4222-8222-222222222222';
const day = 86_400_000;
const match = (id: string, offset: number, status = 'on_sale') => ({ id, title: { sk: id, cs: id, en: id }, startsAt: new Date(Date.now() + offset).toISOString(), status, priceCategories: [] });

function show(mode: 'payment' | 'credit', matches = [match('played', -day), match('next', day), match('later', 2 * day), match('off', 3 * day, 'cancelled')]) {
  render(
    <NextIntlClientProvider locale="en" messages={en} timeZone="Europe/Bratislava">
      <SeasonCancel season={{ id: SEASON, cancelRefundMode: mode, matches }} />
    </NextIntlClientProvider>,
  );
}

describe('cancelling a whole season from the console', () => {
  it('asks first, naming the matches not yet played and how holders get their shares back', async () => {
    show('credit');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the whole season' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel the whole season?' });
    expect(dialog).toHaveTextContent('2 matches not yet played will be cancelled.');
    expect(dialog).toHaveTextContent('as wallet credit with the club');
    expect(post).not.toHaveBeenCalled();
    // Back is the safe choice and closes without a call.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(post).not.toHaveBeenCalled();
  });

  it('says the card when the season refunds to the payment', () => {
    show('payment');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the whole season' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('to the card they paid with');
  });

  it('cancels on confirmation and tells how many matches were cancelled', async () => {
    post.mockResolvedValue({ ok: true, data: { season: { id: SEASON, cancelledMatches: ['next', 'later'] } } });
    show('payment');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the whole season' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel the season' }));
    });
    expect(post).toHaveBeenCalledWith(`/api/v1/organiser/seasons/${SEASON}/cancel`);
    expect(success).toHaveBeenCalledWith({ title: 'The season is cancelled: 2 matches cancelled. The shares are on their way back to the holders.' });
    expect(refresh).toHaveBeenCalled();
  });

  it('leaves a refusal (SEASON_NOTHING_TO_CANCEL) to the api client’s translated toast', async () => {
    post.mockResolvedValue({ ok: false, status: 409, code: 'SEASON_NOTHING_TO_CANCEL' });
    show('payment', [match('played', -day)]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the whole season' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('No match will be cancelled');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel the season' }));
    });
    expect(success).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('is not shown once every match is cancelled', () => {
    show('payment', [match('off', day, 'cancelled')]);
    expect(screen.queryByRole('button', { name: 'Cancel the whole season' })).toBeNull();
  });
});
