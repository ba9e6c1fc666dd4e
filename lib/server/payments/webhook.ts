import 'server-only';
import { eq } from 'drizzle-orm';
import { appUrl } from '@/lib/app-url';
import { getPathname } from '@/lib/i18n/navigation';
import { getDb, tables } from '@/lib/server/db';
import { translator } from '@/lib/server/api/translate';
import { sendEmail } from '@/lib/server/email';
import { revalidateEventCatalogue } from '@/lib/server/events/catalogue';
import { recordPaymentOutcome, type OutcomeResult } from './outcome';
import type { PaymentNotice, PaymentProvider } from './types';

/**
 * A verified notice, end to end: record it (idempotent), then what must happen outside the
 * transaction — the provider refund of a late payment, the buyer's email, fresh catalogue data.
 */
export async function handlePaymentNotice(provider: PaymentProvider, notice: PaymentNotice, now?: Date): Promise<OutcomeResult> {
  const result = await recordPaymentOutcome({ provider: provider.name, notice, now });
  if (result.kind === 'refunded') {
    try {
      await provider.refund({ id: result.paymentId, providerRef: result.providerRef, amount: result.amount });
    } catch (error) {
      console.error(`Refund of payment ${result.paymentId} failed:`, error instanceof Error ? error.message : error);
    }
  }
  if (result.kind === 'paid' || result.kind === 'refunded') {
    revalidateEventCatalogue(result.eventId);
    await sendOrderEmail(result.orderId, result.kind).catch((error) => console.error('Order email failed:', error instanceof Error ? error.message : error));
  }
  return result;
}

/** The confirmation (or the refund notice) in the buyer's language, with a link to the order. */
async function sendOrderEmail(orderId: string, kind: 'paid' | 'refunded') {
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
  const values = {
    name: row.firstName ?? '',
    event: row.title[locale],
    count: n,
    total: new Intl.NumberFormat(locale, { style: 'currency', currency: row.currency }).format(row.total / 100),
    link: `${appUrl()}${path}`,
  };
  const prefix = kind === 'paid' ? 'orders.email.paid' : 'orders.email.refunded';
  await sendEmail({
    to: row.email,
    locale,
    kind: kind === 'paid' ? 'order-paid' : 'order-refunded',
    subject: t(`${prefix}.subject`, values),
    text: t(`${prefix}.text`, values),
  });
}
