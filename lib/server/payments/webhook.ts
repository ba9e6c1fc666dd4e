import 'server-only';
import { eventChanged } from '@/lib/server/events/changed';
import { announcePaidOrder, sendOrderEmail } from '@/lib/server/orders/mail';
import { sendCancelledOrderEmail } from '@/lib/server/events/cancel-mail';
import { recordPaymentOutcome, type OutcomeResult } from './outcome';
import type { PaymentNotice, PaymentProvider } from './types';
import { log } from '@/lib/server/ops/log';

/**
 * A verified notice, end to end: record it (idempotent; a payment that must go back is queued for
 * refund in the same transaction, and the sweeper sends it), then what must happen outside the
 * transaction — the buyer's email, fresh catalogue data.
 */
export async function handlePaymentNotice(provider: PaymentProvider, notice: PaymentNotice, now?: Date): Promise<OutcomeResult> {
  const result = await recordPaymentOutcome({ provider: provider.name, notice, now });
  if (result.kind === 'paid') await announcePaidOrder(result);
  if (result.kind === 'refunded') {
    // Seats changed hands only when a late payment's hold gave them back.
    if (result.reason === 'LATE_PAYMENT_UNITS_TAKEN') await eventChanged(result.eventId);
    const sent =
      result.reason === 'EVENT_CANCELLED'
        ? sendCancelledOrderEmail(result.orderId, { amount: result.amount, currency: result.currency })
        : sendOrderEmail(
            result.orderId,
            result.reason === 'LATE_PAYMENT_UNITS_TAKEN' ? { kind: 'refunded' } : { kind: 'payment-refunded', amount: result.amount, currency: result.currency },
          );
    await sent.catch((error) => log().error({ err: error }, 'Order email failed'));
  }
  return result;
}
