// The Slovak and Czech business identifiers (lib/legal-ids.ts): IČO with its mod-11 check digit, DIČ and
// the VAT number per country.
import { compactId, isDic, isIco, isVatId } from '@/lib/legal-ids';

describe('IČO', () => {
  it('takes 8 digits whose check digit matches (real registers’ numbers)', () => {
    // Slovak: 35612347 (the demo's club), 31322832 (Slovnaft); Czech: 00216305 (Masaryk University), 45274649 (ČEZ).
    for (const ico of ['35612347', '31322832', '00216305', '45274649']) expect(isIco(ico)).toBe(true);
  });

  it('covers the remainders 0 and 1 (check digits 1 and 0)', () => {
    // 0000000x: sum 0 → remainder 0 → check digit 1; 00000060: 6·2 = 12 → remainder 1 → check digit 0.
    expect(isIco('00000001')).toBe(true);
    expect(isIco('00000000')).toBe(false);
    expect(isIco('00000060')).toBe(true);
    expect(isIco('00000061')).toBe(false);
  });

  it('refuses a wrong check digit, another length and anything not digits', () => {
    expect(isIco('35612348')).toBe(false);
    expect(isIco('3561234')).toBe(false);
    expect(isIco('356123470')).toBe(false);
    expect(isIco('3561234a')).toBe(false);
    expect(isIco('')).toBe(false);
  });

  it('reads what people type with spaces', () => {
    expect(compactId(' 356 123 47 ')).toBe('35612347');
    expect(isIco(compactId('356 123 47'))).toBe(true);
  });
});

describe('DIČ', () => {
  it('is 10 digits in Slovakia', () => {
    expect(isDic('2020612347', 'SK')).toBe(true);
    expect(isDic('202061234', 'SK')).toBe(false);
    expect(isDic('SK2020612347', 'SK')).toBe(false);
  });
  it('is CZ and 8–10 digits in the Czech Republic', () => {
    expect(isDic('CZ45789011', 'CZ')).toBe(true);
    expect(isDic('CZ8001011234', 'CZ')).toBe(true);
    expect(isDic('CZ1234567', 'CZ')).toBe(false);
    expect(isDic('45789011', 'CZ')).toBe(false);
    expect(isDic(compactId('cz 457 890 11'), 'CZ')).toBe(true);
  });
});

describe('VAT number', () => {
  it('is SK and 10 digits in Slovakia (IČ DPH)', () => {
    expect(isVatId('SK2020612347', 'SK')).toBe(true);
    expect(isVatId('2020612347', 'SK')).toBe(false);
    expect(isVatId('CZ2020612347', 'SK')).toBe(false);
    expect(isVatId('SK202061234', 'SK')).toBe(false);
  });
  it('is CZ and 8–10 digits in the Czech Republic', () => {
    expect(isVatId('CZ45789011', 'CZ')).toBe(true);
    expect(isVatId('SK45789011', 'CZ')).toBe(false);
    expect(isVatId('CZ12345678901', 'CZ')).toBe(false);
  });
});
