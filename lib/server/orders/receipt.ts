import 'server-only';
import type { ReceiptLine } from '@/lib/schemas/orders';

type Seat = { section: string; row: string; seat: string };

/** One bought ticket of an order, as its order item stored it. */
export type ReceiptItem = {
  ticketType: string;
  seat: Seat | null;
  /** A resale listing (its fee is the buyer's resale fee) rather than a primary-market ticket (the service fee). */
  resale: boolean;
  priceAmount: number;
  feeAmount: number;
  /**
   * The package the ticket was bought in (order_items.package_line_id): `line` is the package's cart line,
   * `event` the ticket's own event (a festival pass has a ticket per day).
   */
  package?: { line: string; name: string; event: string } | null;
  /** A season-ticket order's item (holds.season_id): one per seat and match; `event` the match's. */
  season?: { name: string; event: string; startsAt: string } | null;
};

/**
 * The receipt of an order: one line per ticket — a package's tickets are ONE line at the price paid for
 * the package, naming them beneath, and so is a season ticket (per seat, its matches beneath) — the discount, each kind of fee, and the total they add up to. The
 * one place an order's lines are drawn (the order page, its print and GET /api/v1/orders/{id}): from
 * the stored items and the order's stored discount, the same numbers checkout wrote (cart/totals.ts).
 */
export function receiptLines(input: {
  currency: 'EUR' | 'CZK';
  items: ReceiptItem[];
  discountAmount: number;
  couponCode: string | null;
  /** Paid with loyalty points (cart/loyalty.ts). */
  loyalty?: { points: number; amount: number };
  /** Paid with Tribuna wallet credit (lib/server/wallet). */
  walletCreditAmount?: number;
}): {
  lines: ReceiptLine[];
  total: { amount: number; currency: 'EUR' | 'CZK' };
} {
  const money = (amount: number) => ({ amount, currency: input.currency });
  const lines: ReceiptLine[] = [];
  // The package's price is spread over its tickets' items (functions.sql package_hold): their sum is what was paid for it.
  const packages = new Map<string, Extract<ReceiptLine, { kind: 'package' }>>();
  // A season ticket's price is split over its matches' items (functions.sql season_hold): one line per seat.
  const seasons = new Map<string, Extract<ReceiptLine, { kind: 'season' }>>();
  for (const item of input.items) {
    if (item.season) {
      const key = item.seat ? `${item.seat.section}|${item.seat.row}|${item.seat.seat}` : item.ticketType;
      const match = { event: item.season.event, startsAt: item.season.startsAt };
      const line = seasons.get(key);
      if (line) {
        line.matches.push(match);
        line.amount = money(line.amount.amount + item.priceAmount);
        continue;
      }
      const first: Extract<ReceiptLine, { kind: 'season' }> = { kind: 'season', name: item.season.name, seat: item.seat, matches: [match], amount: money(item.priceAmount) };
      seasons.set(key, first);
      lines.push(first);
      continue;
    }
    if (!item.package) {
      lines.push({ kind: 'ticket', ticketType: item.ticketType, seat: item.seat, resale: item.resale, amount: money(item.priceAmount) });
      continue;
    }
    const ticket = { ticketType: item.ticketType, seat: item.seat, event: item.package.event };
    const line = packages.get(item.package.line);
    if (line) {
      line.tickets.push(ticket);
      line.amount = money(line.amount.amount + item.priceAmount);
      continue;
    }
    const first: Extract<ReceiptLine, { kind: 'package' }> = { kind: 'package', name: item.package.name, tickets: [ticket], amount: money(item.priceAmount) };
    packages.set(item.package.line, first);
    lines.push(first);
  }
  if (input.discountAmount > 0) lines.push({ kind: 'discount', code: input.couponCode, amount: money(-input.discountAmount) });
  if (input.loyalty && input.loyalty.amount > 0) lines.push({ kind: 'loyalty', points: input.loyalty.points, amount: money(-input.loyalty.amount) });
  for (const fee of ['service', 'resale'] as const) {
    const charged = input.items.filter((item) => item.resale === (fee === 'resale') && item.feeAmount > 0);
    if (!charged.length) continue;
    lines.push({ kind: 'fee', fee, count: charged.length, amount: money(charged.reduce((sum, item) => sum + item.feeAmount, 0)) });
  }
  // Wallet credit (lib/server/wallet) comes off last: the total the fan paid.
  if (input.walletCreditAmount && input.walletCreditAmount > 0) lines.push({ kind: 'wallet', amount: money(-input.walletCreditAmount) });
  return { lines, total: money(lines.reduce((sum, line) => sum + line.amount.amount, 0)) };
}
