// The ONE money module (DESIGN.md §4 "Money", issue 30 item 5): parsing what a person types, rounding,
// formatting and the fee arithmetic. Amounts are integers in minor units (cents, haléře) of an ISO
// currency; both currencies Tribuna sells in have 100 minor units to the main one. No 'server-only':
// forms, mails, CSV exports and the domain functions all call these. docs/decisions/one-money-module.md.
// Relative, not '@/': the seed (run by tsx outside Next) imports this module too.
import { formatLocale } from './i18n/formats';

export type Currency = 'EUR' | 'CZK';
export type Money = { amount: number; currency: Currency };

/** Minor units in one euro or koruna. */
export const MINOR_PER_MAJOR = 100;
/** Basis points in a whole: 500 bps = 5 %. */
export const BPS_PER_WHOLE = 10_000;

// ── Parsing ─────────────────────────────────────────────────────────────────────────────────────────

export type ParseFailure =
  /** Nothing typed. */
  | 'empty'
  /** Not a number as sk, cs or en write one (letters, two decimal separators, a grouping out of place…). */
  | 'invalid'
  /** More decimals than the unit has: "12.505" is not a price. */
  | 'too_precise'
  /** More than a safe integer of minor units. */
  | 'too_large';

export type Parsed = { ok: true; amount: number } | { ok: false; reason: ParseFailure };

// Grouping a person or Intl may put between thousands: spaces, no-break spaces (sk, cs), apostrophes.
const GROUPING = /[\s\u00a0\u202f'’]/g;
// A currency the text may carry before or after the number ("12,50 €", "€12.50", "1 250 Kč", "CZK 10").
const CURRENCY = /^(?:€|eur|czk|kč)|(?:€|eur|czk|kč)$/giu;
const DIGITS = /^\d*$/;

/**
 * Text → an integer with `scale` decimal places kept ("12,5" at scale 2 → 1250). One separator (dot or
 * comma) is the decimal one, as sk and cs write it ("12,50") and en does ("12.50"); with both, the last is
 * the decimal one and the other groups thousands ("1,250.50", "1.250,50"). Never rounds: more decimals
 * than `scale` is a failure, not a guess.
 */
function parseScaled(text: string, scale: number): Parsed {
  let s = text.trim();
  if (s === '') return { ok: false, reason: 'empty' };
  s = s.replace(CURRENCY, '').replace(GROUPING, '');
  // A sign is read, not judged: whether an amount may be negative is the caller's schema's to say.
  const negative = /^[-−]/.test(s);
  if (negative) s = s.slice(1);
  const dot = s.lastIndexOf('.');
  const comma = s.lastIndexOf(',');
  const at = Math.max(dot, comma);
  let whole = at < 0 ? s : s.slice(0, at);
  const fraction = at < 0 ? '' : s.slice(at + 1);
  if (dot >= 0 && comma >= 0) {
    // Both: the earlier kind groups thousands, in groups of three.
    const group = at === dot ? ',' : '.';
    if (!new RegExp(`^\\d{1,3}(\\${group}\\d{3})*$`).test(whole)) return { ok: false, reason: 'invalid' };
    whole = whole.split(group).join('');
  }
  if (!DIGITS.test(whole) || !DIGITS.test(fraction) || (whole === '' && fraction === '')) return { ok: false, reason: 'invalid' };
  if (fraction.length > scale) return { ok: false, reason: 'too_precise' };
  const amount = Number(whole || '0') * 10 ** scale + Number(fraction.padEnd(scale, '0') || '0');
  if (!Number.isSafeInteger(amount)) return { ok: false, reason: 'too_large' };
  return { ok: true, amount: negative && amount !== 0 ? -amount : amount };
}

/** What a person typed as an amount ("12", "12,50", "12.50", "1 250,50 €", "-5") → minor units, or why not. */
export function parseMoney(text: string): Parsed {
  return parseScaled(text, 2);
}

/**
 * parseMoney for a form whose zod schema judges the number: the minor units, or NaN when the text is no
 * amount (NaN fails every number check, and is sent as null, which the API refuses).
 */
export function moneyOrNaN(text: string): number {
  const parsed = parseMoney(text);
  return parsed.ok ? parsed.amount : Number.NaN;
}

/** A percentage as typed ("5", "2,5", "12.75") → basis points (500, 250, 1275), or why not. */
export function parsePercentBps(text: string): Parsed {
  return parseScaled(text, 2);
}

/** parsePercentBps for a form whose zod schema judges the number: the basis points, or NaN. */
export function bpsOrNaN(text: string): number {
  const parsed = parsePercentBps(text);
  return parsed.ok ? parsed.amount : Number.NaN;
}

// ── Formatting ──────────────────────────────────────────────────────────────────────────────────────

const moneyFormats = new Map<string, Intl.NumberFormat>();
const amountFormats = new Map<string, Intl.NumberFormat>();

function cached(cache: Map<string, Intl.NumberFormat>, key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** An amount with its currency as the page's language writes it: "12,50 €" (sk), "€12.50" (en), "1 250,00 Kč" (cs). */
export function formatMoney(money: Money, locale: string): string {
  const format = cached(moneyFormats, `${locale}:${money.currency}`, () => new Intl.NumberFormat(formatLocale(locale), { style: 'currency', currency: money.currency }));
  return format.format(money.amount / MINOR_PER_MAJOR);
}

/** An amount without its currency, two decimals, grouped as the language groups: "1 250,50" (sk), "1,250.50" (en). */
export function formatAmount(amount: number, locale: string): string {
  const format = cached(amountFormats, locale, () => new Intl.NumberFormat(formatLocale(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  return format.format(amount / MINOR_PER_MAJOR);
}

/**
 * Minor units → main units with a dot and two decimals, exactly (no floating point): 1250 → "12.50",
 * -5 → "-0.05"; empty for no amount. For machines and spreadsheets: CSV exports, structured data, the CLI.
 */
export function majorUnits(amount: number | string | null | undefined): string {
  if (amount === null || amount === undefined) return '';
  const n = Number(amount);
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  return `${sign}${Math.floor(abs / MINOR_PER_MAJOR)}.${String(abs % MINOR_PER_MAJOR).padStart(2, '0')}`;
}

/** A number of main units (a number input's value) → minor units, rounded to the nearest; NaN stays NaN. */
export function minorOfMajor(major: number): number {
  return Math.round(major * MINOR_PER_MAJOR);
}

/** Minor units → a number of main units, for a number input's value (1250 → 12.5). */
export function majorOf(amount: number): number {
  return amount / MINOR_PER_MAJOR;
}

/** An amount as a form field shows it for editing: main units, no trailing zeros ("12.5", "25", "0.05"). */
export function amountInputText(amount: number): string {
  return majorUnits(amount).replace(/\.?0+$/, '');
}

/** Basis points as a form field shows them for editing, in percent: 250 → "2.5". */
export function bpsInputText(bps: number): string {
  return amountInputText(bps);
}

// ── Rounding and fees ───────────────────────────────────────────────────────────────────────────────

/**
 * `bps` basis points of an amount, rounded to the nearest minor unit, halves up (what PostgreSQL's
 * round() does with a positive numeric). Integer arithmetic: exact for any amount a ticket can cost.
 */
export function bpsOf(amount: number, bps: number): number {
  const scaled = amount * bps;
  return scaled >= 0 ? Math.floor((scaled + BPS_PER_WHOLE / 2) / BPS_PER_WHOLE) : -Math.floor((-scaled + BPS_PER_WHOLE / 2) / BPS_PER_WHOLE);
}

/** `percent` % of an amount, rounded down to the minor unit: a share or a discount never exceeds its rate. */
export function percentOf(amount: number, percent: number): number {
  return Math.floor((amount * percent) / 100);
}

/**
 * A resale fee (the seller's or the buyer's): the event's rate in basis points of the listing's price,
 * rounded to the nearest minor unit. The one rule for the listing, the hold, the offers' display, the
 * sale's payout and the sell form.
 */
export function resaleFee(price: number, feeBps: number): number {
  return bpsOf(price, feeBps);
}

/** What the seller gets for a listing at `price`: the price less the seller's fee. */
export function sellerPayout(price: number, sellerFeeBps: number): { fee: number; payout: number } {
  const fee = resaleFee(price, sellerFeeBps);
  return { fee, payout: price - fee };
}

/**
 * The organiser's part of a resale's two fees (the seller's and the buyer's), rounded down to the minor
 * unit; the platform keeps the rest, so the two parts always add up to the fees.
 */
export function organiserFeeShare(sellerFee: number, buyerFee: number, sharePercent: number): number {
  return percentOf(sellerFee + buyerFee, sharePercent);
}

export type ResaleCapPolicy = { resaleCapPercent: number | null; resaleCapAmount: number | null };

/**
 * The highest resale price the organiser allows for a ticket bought for `pricePaid`, or null for "no cap".
 * Both caps may be set (e.g. 120 % but never over 110 €): the lower one wins; the percentage rounds down.
 */
export function resaleCap(policy: ResaleCapPolicy, pricePaid: number): number | null {
  const caps: number[] = [];
  if (policy.resaleCapPercent != null) caps.push(percentOf(pricePaid, policy.resaleCapPercent));
  if (policy.resaleCapAmount != null) caps.push(policy.resaleCapAmount);
  return caps.length ? Math.min(...caps) : null;
}
