import 'server-only';
import { eq } from 'drizzle-orm';
import { appUrl } from '@/lib/app-url';
import { getPathname } from '@/lib/i18n/navigation';
import { getDb, tables } from '@/lib/server/db';
import { translator } from '@/lib/server/api/translate';
import { sendEmail } from '@/lib/server/email';
import { eventChanged } from '@/lib/server/events/changed';
import { sendCancelledOrderEmail } from '@/lib/server/organiser/cancel-mail';
import { recordPaymentOutcome, type OutcomeResult } from './outcome';
import type { PaymentNotice, PaymentProvider } from './types';

/**
 * A verified notice, end to end: record it (idempotent; a payment that must go back is queued for
 * refund in the same transaction, and the sweeper sends it), then what must happen outside the
 * transaction — the buyer's email, fresh catalogue data.
 */
export async function handlePaymentNotice(provider: PaymentProvider, notice: PaymentNotice, now?: Date): Promise<OutcomeResult> {
  const result = await recordPaymentOutcome({ provider: provider.name, notice, now });
  if (result.kind === 'paid' || result.kind === 'refunded') {
    // Seats changed hands only when the order was paid, or when a late payment's hold gave them back.
    if (result.kind === 'paid' || result.reason === 'LATE_PAYMENT_UNITS_TAKEN') await eventChanged(result.eventId);
    const mail =
      result.kind === 'paid'
        ? ({ kind: 'paid' } as const)
        : result.reason === 'LATE_PAYMENT_UNITS_TAKEN'
          ? ({ kind: 'refunded' } as const)
          : ({ kind: 'payment-refunded', amount: result.amount, currency: result.currency } as const);
    const sent =
      result.kind === 'refunded' && result.reason === 'EVENT_CANCELLED'
        ? sendCancelledOrderEmail(result.orderId, { amount: result.amount, currency: result.currency })
        : sendOrderEmail(result.orderId, mail);
    await sent.catch((error) => console.error('Order email failed:', error instanceof Error ? error.message : error));
  }
  return result;
}

type OrderMail = { kind: 'paid' } | { kind: 'refunded' } | { kind: 'payment-refunded'; amount: number; currency: 'EUR' | 'CZK' };

/** The confirmation, the late payment's refund, or the refund of a payment that did not fit the order, in the buyer's language, with a link to the order. */
async function sendOrderEmail(orderId: string, mail: OrderMail) {
  const [row] = await getDb()
    .select({
      email: tables.users.email,
      firstName: tables.users.firstName,
      locale: tables.users.locale,
      title: tables.events.title,
      total: tables.orders.totalAmount,
      currency: tables.orders.currency,
    })
    .from(tables.orders)
    .innerJoin(tables.users, eq(tables.users.id, tables.orders.userId))
    .innerJoin(tables.events, eq(tables.events.id, tables.orders.eventId))
    .where(eq(tables.orders.id, orderId));
  if (!row?.email) return;
  const locale = row.locale;
  const t = translator(locale);
  const [{ n }] = await getDb()
    .select({ n: tables.orderItems.id })
    .from(tables.orderItems)
    .where(eq(tables.orderItems.orderId, orderId))
    .then((items) => [{ n: items.length }]);
  const path = getPathname({ locale, href: { pathname: '/orders/[id]', params: { id: orderId } } });
  const money = mail.kind === 'payment-refunded' ? { amount: mail.amount, currency: mail.currency } : { amount: row.total, currency: row.currency };
  const values = {
    name: row.firstName ?? '',
    event: row.title[locale],
    count: n,
    total: new Intl.NumberFormat(locale, { style: 'currency', currency: money.currency }).format(money.amount / 100),
    link: `${appUrl()}${path}`,
  };
  const prefix = { paid: 'orders.email.paid', refunded: 'orders.email.refunded', 'payment-refunded': 'orders.email.paymentRefunded' }[mail.kind];
  await sendEmail({
    to: row.email,
    locale,
    kind: { paid: 'order-paid', refunded: 'order-refunded', 'payment-refunded': 'payment-refunded' }[mail.kind],
    subject: t(`${prefix}.subject`, values),
    text: t(`${prefix}.text`, values),
  });
}
