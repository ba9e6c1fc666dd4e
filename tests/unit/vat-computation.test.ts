// The VAT of a tax document's lines (lib/server/documents/vat.ts): prices include VAT, so each line's VAT
// is computed from its gross — gross × rate / (100 % + rate), rounded half away from zero — its net is
// the rest, and the totals per rate are the sums of their lines, exactly.
import { computeLines, splitProportionally, totalsOf, vatOfGross, vatOfNet } from '@/lib/server/documents/vat';

describe('VAT from a gross amount', () => {
  it('takes the VAT out of a price that includes it, rounded to the cent', () => {
    expect(vatOfGross(12300, 2300)).toBe(2300); // 123.00 at 23 % = 100.00 + 23.00
    expect(vatOfGross(10500, 500)).toBe(500); // 105.00 at 5 %
    expect(vatOfGross(11200, 1200)).toBe(1200); // 112 CZK at 12 %
    expect(vatOfGross(1000, 2300)).toBe(187); // 10.00 × 23/123 = 1.8699… → 1.87
    expect(vatOfGross(29000, 500)).toBe(1381); // 290.00 × 5/105 = 13.8095… → 13.81
  });

  it('rounds half away from zero, for credit notes too', () => {
    // 21 × 500/10500 = 1.0 exactly; 31 × 500/10500 = 1.476 → 1; 32 → 1.523… → 2
    expect(vatOfGross(21, 500)).toBe(1);
    expect(vatOfGross(31, 500)).toBe(1);
    expect(vatOfGross(32, 500)).toBe(2);
    expect(vatOfGross(-1000, 2300)).toBe(-187);
    expect(vatOfGross(-32, 500)).toBe(-2);
    expect(vatOfGross(5000, 0)).toBe(0);
  });

  it('adds VAT on a net price, half away from zero', () => {
    expect(vatOfNet(10000, 2300)).toBe(2300);
    expect(vatOfNet(50, 1000)).toBe(5);
    expect(vatOfNet(5, 1000)).toBe(1); // 0.5 → 1
    expect(vatOfNet(-5, 1000)).toBe(-1);
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(() => vatOfGross(10.5, 2300)).toThrow(RangeError);
  });
});

describe('a document’s lines and totals per rate', () => {
  const lines = computeLines(
    [
      { description: 'Vstupenka: Stred', supply: 'admission-sport' as const, quantity: 3, unitGross: 59000 },
      { description: 'Vstupenka: Státie', supply: 'admission-sport' as const, quantity: 1, unitGross: 29000 },
      { description: 'Zľava', supply: 'admission-sport' as const, quantity: 1, unitGross: -1999 },
      { description: 'Servisný poplatok', supply: 'service-fee' as const, quantity: 4, unitGross: 100 },
    ],
    (line) => (line.supply === 'service-fee' ? 2300 : 500),
  );

  it('computes each line from its own gross (quantity × unit price), net + VAT = gross', () => {
    expect(lines.map((line) => [line.gross, line.rateBps, line.vat, line.net])).toEqual([
      [177000, 500, 8429, 168571],
      [29000, 500, 1381, 27619],
      [-1999, 500, -95, -1904],
      [400, 2300, 75, 325],
    ]);
  });

  it('totals each rate as the sum of its lines, highest rate first, and the document as the sum of all', () => {
    const totals = totalsOf(lines);
    expect(totals.perRate).toEqual([
      { rateBps: 2300, gross: 400, net: 325, vat: 75 },
      { rateBps: 500, gross: 204001, net: 194286, vat: 9715 },
    ]);
    expect(totals.gross).toBe(204401);
    expect(totals.vat).toBe(9790);
    expect(totals.net + totals.vat).toBe(totals.gross);
    // Per rate, the sum of the lines' VAT — not the VAT of the rate's total (which may differ by a cent).
    expect(totals.perRate[1].vat).toBe(8429 + 1381 - 95);
  });

  it('for any lines, the totals per rate add up to the document exactly', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    for (let round = 0; round < 200; round += 1) {
      const input = Array.from({ length: 1 + Math.floor(random() * 6) }, () => ({
        description: 'x',
        supply: (random() < 0.5 ? 'admission-culture' : 'service-fee') as 'admission-culture' | 'service-fee',
        quantity: 1 + Math.floor(random() * 5),
        unitGross: Math.floor(random() * 100000) - 10000,
      }));
      const computed = computeLines(input, (line) => (line.supply === 'service-fee' ? 2300 : 1200));
      const totals = totalsOf(computed);
      expect(totals.perRate.reduce((sum, rate) => sum + rate.gross, 0)).toBe(totals.gross);
      expect(totals.perRate.reduce((sum, rate) => sum + rate.vat, 0)).toBe(totals.vat);
      for (const line of computed) expect(line.net + line.vat).toBe(line.gross);
    }
  });
});

describe('a partial refund spread over a document', () => {
  it('gives each part its share, the parts adding up to the refund exactly and none above its part', () => {
    const shares = splitProportionally([{ gross: 204001 }, { gross: 400 }, { gross: 0 }], 10000);
    expect(shares.reduce((sum, entry) => sum + entry.share, 0)).toBe(10000);
    expect(shares.map((entry) => entry.share)).toEqual([9980, 20]);
    expect(splitProportionally([{ gross: 3 }, { gross: 3 }, { gross: 3 }], 10).map((entry) => entry.share)).toEqual([3, 3, 3]);
    expect(splitProportionally([{ gross: 1 }, { gross: 1 }, { gross: 1 }], 2).reduce((sum, entry) => sum + entry.share, 0)).toBe(2);
  });
});
