// VAT of a document's lines, computed from the gross amounts charged (prices include VAT). The rule
// (docs/decisions/tax-documents.md): per line, VAT = gross × rate / (100 % + rate), rounded half away from
// zero to the minor unit; net = gross − VAT. Totals per rate are the sums of their lines, never recomputed
// from a total, so the totals per rate and the document's total equal the sum of its lines exactly.
// Pure arithmetic in integers (minor units, rates in basis points): no floating point.

/** The kinds of supply a VAT rate is set for (vat_rates.supply). */
export const SUPPLIES = ['admission-sport', 'admission-culture', 'service-fee', 'platform-fee'] as const;
export type Supply = (typeof SUPPLIES)[number];

/** The VAT in a gross amount at a rate in basis points, rounded half away from zero. */
export function vatOfGross(gross: number, rateBps: number): number {
  if (!Number.isSafeInteger(gross) || !Number.isSafeInteger(rateBps) || rateBps < 0) throw new RangeError('gross and rate must be integers, the rate not negative');
  if (rateBps === 0 || gross === 0) return 0;
  const sign = gross < 0 ? -1 : 1;
  const divisor = 10_000 + rateBps;
  // floor((2·|gross|·rate + divisor) / (2·divisor)) = |gross|·rate/divisor rounded half up, in integers.
  const magnitude = Math.floor((2 * Math.abs(gross) * rateBps + divisor) / (2 * divisor));
  return sign * magnitude;
}

/** The VAT on a net amount (a net-priced line: VAT added on top), rounded half away from zero. */
export function vatOfNet(net: number, rateBps: number): number {
  if (rateBps === 0 || net === 0) return 0;
  const sign = net < 0 ? -1 : 1;
  return sign * Math.floor((2 * Math.abs(net) * rateBps + 10_000) / 20_000);
}

export type LineInput = { description: string; supply: Supply; quantity: number; unitGross: number };
export type ComputedLine = LineInput & { gross: number; rateBps: number; vat: number; net: number };
export type RateTotal = { rateBps: number; gross: number; net: number; vat: number };

/** Each line's gross, VAT and net at its rate (0 when the issuer is not VAT-registered: `rateOf` answers 0). */
export function computeLines<L extends LineInput>(lines: L[], rateOf: (line: L) => number): (ComputedLine & Omit<L, keyof ComputedLine>)[] {
  return lines.map((line) => {
    if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0) throw new RangeError('a line has a positive whole quantity');
    const gross = line.quantity * line.unitGross;
    const rateBps = rateOf(line);
    const vat = vatOfGross(gross, rateBps);
    return { ...line, gross, rateBps, vat, net: gross - vat };
  });
}

/** Totals per rate (highest rate first) and of the whole document: sums of the lines. */
export function totalsOf(lines: ComputedLine[]): { perRate: RateTotal[]; gross: number; net: number; vat: number } {
  const perRate = new Map<number, RateTotal>();
  for (const line of lines) {
    const total = perRate.get(line.rateBps) ?? { rateBps: line.rateBps, gross: 0, net: 0, vat: 0 };
    total.gross += line.gross;
    total.net += line.net;
    total.vat += line.vat;
    perRate.set(line.rateBps, total);
  }
  const sum = (key: 'gross' | 'net' | 'vat') => lines.reduce((acc, line) => acc + line[key], 0);
  return { perRate: [...perRate.values()].sort((a, b) => b.rateBps - a.rateBps), gross: sum('gross'), net: sum('net'), vat: sum('vat') };
}

/**
 * `amount` (positive) spread over parts in proportion to their gross (parts of zero or less take nothing):
 * the largest remainders get the rounding's minor units, so the shares add up to exactly min(amount, total)
 * and no share exceeds its part. What a credit note of a partial refund takes of each rate of a document.
 */
export function splitProportionally<T extends { gross: number }>(parts: T[], amount: number): { part: T; share: number }[] {
  const positive = parts.filter((part) => part.gross > 0);
  const total = positive.reduce((acc, part) => acc + part.gross, 0);
  if (amount <= 0 || total <= 0) return [];
  const take = Math.min(amount, total);
  const shares = positive.map((part) => ({ part, share: Math.floor((part.gross * take) / total), remainder: (part.gross * take) % total }));
  let left = take - shares.reduce((acc, entry) => acc + entry.share, 0);
  for (const entry of [...shares].sort((a, b) => b.remainder - a.remainder || b.part.gross - a.part.gross)) {
    if (left <= 0) break;
    if (entry.share < entry.part.gross) {
      entry.share += 1;
      left -= 1;
    }
  }
  return shares.filter((entry) => entry.share > 0).map(({ part, share }) => ({ part, share }));
}
