import 'server-only';
import type { ReceiptLine } from '@/lib/schemas/orders';

/** One bought ticket of an order, as its order item stored it. */
export type ReceiptItem = {
  ticketType: string;
  seat: { section: string; row: string; seat: string } | null;
  /** A resale listing (its fee is the buyer's resale fee) rather than a primary-market ticket (the service fee). */
  resale: boolean;
  priceAmount: number;
  feeAmount: number;
};

/**
 * The receipt of an order: one line per ticket, the discount, each kind of fee, and the total they add
 * up to. The one place an order's lines are drawn (the order page, its print and GET /api/v1/orders/{id}):
 * from the stored items and the order's stored discount, the same numbers checkout wrote (cart/totals.ts).
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
  const lines: ReceiptLine[] = input.items.map((item) => ({
    kind: 'ticket',
    ticketType: item.ticketType,
    seat: item.seat,
    resale: item.resale,
    amount: money(item.priceAmount),
  }));
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
