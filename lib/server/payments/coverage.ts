import 'server-only';

export type Coverage = 'covers' | 'NOT_CURRENT' | 'AMOUNT_MISMATCH';

/**
 * The one rule for money: a successful payment completes an order only if it is the order's current
 * payment (orders.current_payment_id, set by checkout to the payment it created last) and it is for
 * exactly the order's current total, in its currency — as we asked the provider for it and, where the
 * provider tells us, as it took it. Anything else is refunded and issues nothing.
 */
export function paymentCoverage(
  order: { currentPaymentId: string | null; totalAmount: number; currency: string },
  payment: { id: string; amount: number; currency: string },
  taken: { amount?: number; currency?: string } = {},
): Coverage {
  if (order.currentPaymentId !== payment.id) return 'NOT_CURRENT';
  const amount = taken.amount ?? payment.amount;
  const currency = taken.currency ?? payment.currency;
  if (payment.amount !== order.totalAmount || payment.currency !== order.currency) return 'AMOUNT_MISMATCH';
  if (amount !== order.totalAmount || currency !== order.currency) return 'AMOUNT_MISMATCH';
  return 'covers';
}
