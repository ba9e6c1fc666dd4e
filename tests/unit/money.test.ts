// The one money module (lib/money.ts): what a person types in sk, cs or en becomes minor units exactly,
// what is formatted reads back as the same amount, and fee arithmetic never loses or invents a cent.
import fc from 'fast-check';
import {
  amountInputText,
  bpsOf,
  bpsOrNaN,
  formatAmount,
  formatMoney,
  majorUnits,
  moneyOrNaN,
  organiserFeeShare,
  parseMoney,
  parsePercentBps,
  percentOf,
  resaleCap,
  resaleFee,
  sellerPayout,
  type Currency,
} from '@/lib/money';

const LOCALES = ['sk', 'cs', 'en'] as const;
/** Any amount a ticket, an order or a report can carry, and then some. */
const amount = fc.integer({ min: 0, max: 10_000_000_000 });
const signedAmount = fc.integer({ min: -10_000_000_000, max: 10_000_000_000 });
const price = fc.integer({ min: 0, max: 100_000_000 });
const bps = fc.integer({ min: 0, max: 10_000 });
const percent = fc.integer({ min: 0, max: 100 });
const currency = fc.constantFrom<Currency>('EUR', 'CZK');

describe('parseMoney', () => {
  it.each([
    ['12', 1200],
    ['12,50', 1250],
    ['12.50', 1250],
    ['12,5', 1250],
    ['0,05', 5],
    [',5', 50],
    ['  25 ', 2500],
    ['1 250,50', 125_050],
    ['1\u00a0250,50', 125_050],
    ['1,250.50', 125_050],
    ['1.250,50', 125_050],
    ['12,50 €', 1250],
    ['€12.50', 1250],
    ['1 250 Kč', 125_000],
    ['CZK 10', 1000],
    ['-5', -500],
    ['−0,05', -5],
  ])('reads %j as %i minor units', (text, minor) => {
    expect(parseMoney(text)).toEqual({ ok: true, amount: minor });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'invalid'],
    ['12a', 'invalid'],
    ['1,2,3', 'invalid'],
    ['1.2.3', 'invalid'],
    ['1,25.50', 'invalid'],
    ['.', 'invalid'],
    ['--5', 'invalid'],
    ['12.505', 'too_precise'],
    ['0,001', 'too_precise'],
    ['123456789012345678', 'too_large'],
  ])('refuses %j: %s', (text, reason) => {
    expect(parseMoney(text)).toEqual({ ok: false, reason });
  });

  it('gives NaN to a form whose schema judges the number', () => {
    expect(moneyOrNaN('24,50')).toBe(2450);
    expect(moneyOrNaN('')).toBeNaN();
    expect(moneyOrNaN('12.505')).toBeNaN();
    expect(bpsOrNaN('2,5')).toBe(250);
    expect(bpsOrNaN('x')).toBeNaN();
    expect(parsePercentBps('5')).toEqual({ ok: true, amount: 500 });
  });

  it('reads back what every language formats, with or without the currency', () => {
    fc.assert(
      fc.property(amount, currency, fc.constantFrom(...LOCALES), (minor, cur, locale) => {
        expect(parseMoney(formatAmount(minor, locale))).toEqual({ ok: true, amount: minor });
        expect(parseMoney(formatMoney({ amount: minor, currency: cur }, locale))).toEqual({ ok: true, amount: minor });
      }),
    );
  });

  it('reads back the machine form (CSV) and the form fields’ text, signs included', () => {
    fc.assert(
      fc.property(signedAmount, (minor) => {
        expect(parseMoney(majorUnits(minor))).toEqual({ ok: true, amount: minor });
        expect(parseMoney(amountInputText(minor))).toEqual({ ok: true, amount: minor });
      }),
    );
  });

  it('agrees with the decimal the text means for whatever a person types with up to two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), fc.integer({ min: 0, max: 99 }), fc.constantFrom(',', '.'), fc.boolean(), (whole, cents, separator, short) => {
        const fraction = short && cents % 10 === 0 ? String(cents / 10) : String(cents).padStart(2, '0');
        expect(parseMoney(`${whole}${separator}${fraction}`)).toEqual({ ok: true, amount: whole * 100 + cents });
      }),
    );
  });
});

describe('formatting', () => {
  it('writes each language’s way', () => {
    expect(formatMoney({ amount: 125_050, currency: 'EUR' }, 'sk')).toBe('1\u00a0250,50\u00a0€');
    expect(formatMoney({ amount: 1250, currency: 'EUR' }, 'en')).toBe('€12.50');
    expect(formatMoney({ amount: 125_000, currency: 'CZK' }, 'cs')).toBe('1\u00a0250,00\u00a0Kč');
  });

  it('writes main units exactly for machines: two decimals, a dot, a sign', () => {
    expect(majorUnits(1250)).toBe('12.50');
    expect(majorUnits(-5)).toBe('-0.05');
    expect(majorUnits('7')).toBe('0.07');
    expect(majorUnits(null)).toBe('');
    fc.assert(fc.property(signedAmount, (minor) => expect(majorUnits(minor)).toBe((minor / 100).toFixed(2))));
  });

  it('shows an amount in a form field as the fields always did', () => {
    fc.assert(fc.property(signedAmount, (minor) => expect(amountInputText(minor)).toBe(String(minor / 100))));
  });
});

describe('fees', () => {
  it('rounds a resale fee to the nearest minor unit, halves up (as PostgreSQL round() did)', () => {
    expect(resaleFee(2450, 500)).toBe(123); // 122.5
    expect(resaleFee(2450, 300)).toBe(74); // 73.5
    expect(resaleFee(2900, 700)).toBe(203);
    expect(resaleFee(1, 4999)).toBe(0);
    expect(resaleFee(1, 5000)).toBe(1);
    fc.assert(fc.property(price, bps, (p, b) => expect(resaleFee(p, b)).toBe(Math.round((p * b) / 10_000))));
  });

  it('never loses a cent: fee and payout add up to the price', () => {
    fc.assert(
      fc.property(price, bps, (p, b) => {
        const { fee, payout } = sellerPayout(p, b);
        expect(Number.isInteger(fee) && Number.isInteger(payout)).toBe(true);
        expect(fee + payout).toBe(p);
        expect(fee).toBeGreaterThanOrEqual(0);
        expect(fee).toBeLessThanOrEqual(p);
        // Within half a minor unit of the exact fee.
        expect(Math.abs(fee * 10_000 - p * b)).toBeLessThanOrEqual(5_000);
      }),
    );
  });

  it('splits the fees between organiser and platform without losing a cent, the organiser never owed more than its rate', () => {
    fc.assert(
      fc.property(price, bps, bps, percent, (p, sellerBps, buyerBps, share) => {
        const seller = resaleFee(p, sellerBps);
        const buyer = resaleFee(p, buyerBps);
        const organiser = organiserFeeShare(seller, buyer, share);
        const platform = seller + buyer - organiser;
        expect(Number.isInteger(organiser)).toBe(true);
        expect(organiser + platform).toBe(seller + buyer);
        expect(organiser * 100).toBeLessThanOrEqual((seller + buyer) * share);
        expect((organiser + 1) * 100).toBeGreaterThan((seller + buyer) * share);
      }),
    );
    expect(organiserFeeShare(95, 57, 50)).toBe(76);
    expect(organiserFeeShare(1, 0, 99)).toBe(0);
  });

  it('takes percentages rounding down, and basis points to the nearest', () => {
    expect(percentOf(999, 10)).toBe(99);
    expect(bpsOf(-2450, 500)).toBe(-123);
    fc.assert(fc.property(amount, percent, (a, p) => expect(percentOf(a, p)).toBe(Math.floor((a * p) / 100))));
  });

  it('caps a resale price by the lower of its two caps', () => {
    expect(resaleCap({ resaleCapPercent: null, resaleCapAmount: null }, 2000)).toBeNull();
    expect(resaleCap({ resaleCapPercent: 120, resaleCapAmount: null }, 1999)).toBe(2398);
    expect(resaleCap({ resaleCapPercent: 120, resaleCapAmount: 2200 }, 2000)).toBe(2200);
    expect(resaleCap({ resaleCapPercent: 95, resaleCapAmount: 5000 }, 1999)).toBe(1899);
  });
});
