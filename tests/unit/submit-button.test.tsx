/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { renderToString } from 'react-dom/server';
import { SubmitButton } from '@/components/auth/form-parts';
import sk from '@/messages/sk.json';

const button = (
  <NextIntlClientProvider locale="sk" messages={sk} timeZone="Europe/Bratislava">
    <form>
      <SubmitButton pending={false}>Potvrdiť</SubmitButton>
    </form>
  </NextIntlClientProvider>
);

describe('the account forms’ submit button', () => {
  it('is disabled in the server’s HTML, so a click before React listens cannot post the form to the page itself', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(button);
    expect(container.querySelector('button[type="submit"]')).toBeDisabled();
  });

  it('is enabled once React has hydrated it', () => {
    render(button);
    expect(screen.getByRole('button', { name: 'Potvrdiť' })).toBeEnabled();
  });
});
