/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { ScanResult } from '@/components/scanner/scan-result';
import cs from '@/messages/cs.json';
import en from '@/messages/en.json';
import sk from '@/messages/sk.json';

const window = { opensAt: '2026-03-12T16:00:00.000Z', closesAt: '2026-03-12T21:00:00.000Z' };

function show(locale: 'sk' | 'cs' | 'en', messages: object, reason: 'too_early' | 'too_late') {
  return render(
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="Europe/Bratislava">
      <ScanResult answer={{ result: 'not_valid', reason, window }} />
    </NextIntlClientProvider>,
  );
}

describe('the gate’s answer outside the entry window', () => {
  it.each([
    ['sk', 'too_early', sk, /^Príliš skoro: vstup na toto podujatie sa otvára 12\. 3\.,? 17:00\.$/],
    ['sk', 'too_late', sk, /^Príliš neskoro: vstup na toto podujatie sa skončil 12\. 3\.,? 22:00\.$/],
    ['cs', 'too_early', cs, /^Příliš brzy: vstup na tuto akci se otevírá 12\. 3\.,? 17:00\.$/],
    ['en', 'too_late', en, /^Too late: entry to this event closed 12\/03,? 22:00\.$|^Too late: entry to this event closed 3\/12,? 10:00\sPM\.$/],
  ] as const)('%s %s says when entry opens or closed', (locale, reason, messages, text) => {
    show(locale, messages, reason);
    expect(screen.getByTestId('scan-result')).toHaveAttribute('data-result', 'not_valid');
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});
