/**
 * @jest-environment jsdom
 */
// Issue 17 item 8: how dates, seats and return paths read for a fan.
import { createTranslator } from 'use-intl/core';
import { itemLabel } from '@/components/cart/cart-view';
import { eventDateTimeFormat, eventTimeFormat, formatMoney } from '@/components/events/format';
import { formatDateTime } from '@/components/tickets/format';
import { returnPathFrom } from '@/lib/auth/return-path';
import { formatDate, formatLocale } from '@/lib/i18n/formats';
import { hasLineUp } from '@/lib/schemas/events';
import type { CartItem } from '@/lib/schemas/cart';
import cs from '@/messages/cs.json';
import en from '@/messages/en.json';
import sk from '@/messages/sk.json';

// 18:00 in Bratislava on Saturday 28 November 2026.
const KICK_OFF = '2026-11-28T17:00:00.000Z';

describe('dates and times', () => {
  it('English is en-GB: 24-hour time and the day before the month', () => {
    expect(formatLocale('en')).toBe('en-GB');
    const text = formatDateTime(KICK_OFF, 'en');
    expect(text).toMatch(/28 November 2026/);
    expect(text).toMatch(/18:00/);
    expect(text).not.toMatch(/PM|AM|November 28/);
    expect(formatDate(KICK_OFF, 'en', eventTimeFormat)).toBe('18:00');
    expect(formatDate(KICK_OFF, 'en', { dateStyle: 'medium', timeStyle: 'short' })).toBe('28 Nov 2026, 18:00');
  });

  it('Slovak and Czech keep their own formats', () => {
    expect(formatDate(KICK_OFF, 'sk', eventDateTimeFormat)).toBe('so 28. novembra 2026 o 18:00');
    expect(formatDate(KICK_OFF, 'cs', eventDateTimeFormat)).toBe('so 28. listopadu 2026 v 18:00');
  });

  it('shows Bratislava time unless a format names another zone', () => {
    expect(formatDate(KICK_OFF, 'en', { hour: '2-digit', minute: '2-digit' })).toBe('18:00');
    expect(formatDate(KICK_OFF, 'en', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })).toBe('17:00');
  });

  it('money in English keeps the euro sign before the amount', () => {
    expect(formatMoney({ amount: 1250, currency: 'EUR' }, 'en')).toBe('€12.50');
    expect(formatMoney({ amount: 1250, currency: 'EUR' }, 'sk')).toBe('12,50\u00a0€');
  });
});

describe("a cart line's seat", () => {
  const item = { seat: { section: 'B2', row: '10', seat: '15' } } as CartItem;
  const standing = { seat: null } as CartItem;
  it.each([
    ['en', en, 'B2, row 10, seat 15'],
    ['sk', sk, 'B2, rad 10, miesto 15'],
    ['cs', cs, 'B2, řada 10, místo 15'],
  ] as const)('says section, row and seat in words (%s)', (locale, messages, expected) => {
    const t = createTranslator({ locale, messages, namespace: 'cart' });
    expect(itemLabel(item, t)).toBe(expected);
    expect(itemLabel(standing, t)).toBe(messages.cart.standing);
  });
});

describe('the line-up', () => {
  it('is for concerts and festivals, never sport', () => {
    expect(hasLineUp('concert')).toBe(true);
    expect(hasLineUp('festival')).toBe(true);
    expect(hasLineUp('sport')).toBe(false);
  });
});

describe('the return path of a sign-in link', () => {
  it('is the page the fan is on, with its query', () => {
    expect(returnPathFrom('/en/events/dunaj-bratislava-fc-kosice')).toBe('/en/events/dunaj-bratislava-fc-kosice');
    expect(returnPathFrom('/sk/podujatia', 'q=rock&category=concert')).toBe('/sk/podujatia?q=rock&category=concert');
    expect(returnPathFrom('/cs/udalosti', '?page=2')).toBe('/cs/udalosti?page=2');
  });

  it('is none from the sign-in screens themselves', () => {
    for (const path of ['/en/signin', '/sk/prihlasenie', '/cs/registrace', '/en/password-reset/new', '/sk/overenie-emailu']) expect(returnPathFrom(path)).toBeNull();
  });

  it('is never another site', () => {
    expect(returnPathFrom('//evil.example/x')).toBeNull();
    expect(returnPathFrom('/.//evil.example/x')).toBeNull();
    expect(returnPathFrom('/api/v1/auth/me')).toBeNull();
  });
});
