import 'server-only';
import { and, asc, countDistinct, eq } from 'drizzle-orm';
import { appUrl } from '@/lib/app-url';
import { getPathname } from '@/lib/i18n/pathname';
import { getDb, tables } from '@/lib/server/db';
import { translator } from '@/lib/server/api/translate';
import { queueEmail, sendEmail, type EmailAttachment, type EmailInput } from '@/lib/server/email';
import type { Db, Tx } from '@/lib/server/db/client';
import { eventChanged } from '@/lib/server/events/changed';
import { formatMoney } from '@/lib/money';
import { log } from '@/lib/server/ops/log';
import { textIn } from '@/lib/localized-text';

type OrderMail = { kind: 'paid' } | { kind: 'refunded' } | { kind: 'payment-refunded'; amount: number; currency: 'EUR' | 'CZK' };

/** The confirmation, the late payment's refund, or the refund of a payment that did not fit the order, in the buyer's language, with a link to the order. */
export async function sendOrderEmail(orderId: string, mail: OrderMail) {
  const input = await orderEmail(orderId, mail);
  if (input) await sendEmail(input);
}

/**
 * Stores the order's mail in the caller's transaction (the support desk's resend, audited with it); the
 * answer's `deliver()` after the commit. Null when the buyer has no address any more.
 */
export async function queueOrderEmail(tx: Tx, orderId: string, mail: OrderMail) {
  const input = await orderEmail(orderId, mail, tx);
  return input ? queueEmail(tx, input) : null;
}

/** The mail of an order, in the buyer's language; null when the buyer has no address any more. */
async function orderEmail(orderId: string, mail: OrderMail, db: Db | Tx = getDb()): Promise<EmailInput | null> {
  const [row] = await db
    .select({
      email: tables.users.email,
      firstName: tables.users.firstName,
      locale: tables.users.locale,
      title: tables.events.title,
      total: tables.orders.totalAmount,
      currency: tables.orders.currency,
      season: tables.seasons.name,
      language: tables.organisations.language,
    })
    .from(tables.orders)
    .innerJoin(tables.users, eq(tables.users.id, tables.orders.userId))
    .innerJoin(tables.events, eq(tables.events.id, tables.orders.eventId))
    .innerJoin(tables.organisations, eq(tables.organisations.id, tables.events.orgId))
    .innerJoin(tables.holds, eq(tables.holds.id, tables.orders.holdId))
    .leftJoin(tables.seasons, eq(tables.seasons.id, tables.holds.seasonId))
    .where(eq(tables.orders.id, orderId));
  if (!row?.email) return null;
  const locale = row.locale;
  const t = translator(locale);
  const n = await db.$count(tables.orderItems, eq(tables.orderItems.orderId, orderId));
  const path = getPathname({ locale, href: { pathname: '/orders/[id]', params: { id: orderId } } });
  const money = mail.kind === 'payment-refunded' ? { amount: mail.amount, currency: mail.currency } : { amount: row.total, currency: row.currency };
  // A season order's event is only its first match: the mail names the season (and, paid, its matches).
  const [{ matches }] = row.season
    ? await db
        .select({ matches: countDistinct(tables.inventoryUnits.eventId) })
        .from(tables.orderItems)
        .innerJoin(tables.inventoryUnits, eq(tables.inventoryUnits.id, tables.orderItems.unitId))
        .where(eq(tables.orderItems.orderId, orderId))
    : [{ matches: 0 }];
  const values = {
    name: row.firstName ?? '',
    event: textIn(row.season ?? row.title, locale, row.language),
    count: n,
    matches,
    total: formatMoney(money, locale),
    link: `${appUrl()}${path}`,
  };
  const attachments = mail.kind === 'paid' ? await orderDocumentFiles(orderId, db) : [];
  const prefix = { paid: row.season ? 'orders.email.seasonPaid' : 'orders.email.paid', refunded: 'orders.email.refunded', 'payment-refunded': 'orders.email.paymentRefunded' }[mail.kind];
  return {
    to: row.email,
    locale,
    kind: { paid: 'order-paid', refunded: 'order-refunded', 'payment-refunded': 'payment-refunded' }[mail.kind],
    subject: t(`${prefix}.subject`, values),
    text: t(`${prefix}.text`, values),
    orderId,
    attachments,
  };
}

/** The PDFs of the order's invoices (documents/), attached to its confirmation. */
// In the caller's transaction when there is one (a support desk's resend): on the embedded database a read
// outside it would wait for it to end, and it waits for the read.
async function orderDocumentFiles(orderId: string, db: Db | Tx): Promise<EmailAttachment[]> {
  const { documentPdf, documentFileName } = await import('@/lib/server/documents/pdf');
  const documents = await db
    .select({ id: tables.taxDocuments.id, kind: tables.taxDocuments.kind, number: tables.taxDocuments.number })
    .from(tables.taxDocuments)
    .where(and(eq(tables.taxDocuments.orderId, orderId), eq(tables.taxDocuments.kind, 'invoice')))
    .orderBy(asc(tables.taxDocuments.createdAt), asc(tables.taxDocuments.number));
  const files: EmailAttachment[] = [];
  for (const document of documents) {
    const pdf = await documentPdf(document.id, db);
    if (pdf) files.push({ filename: documentFileName(document), content: pdf.bytes, contentType: 'application/pdf' });
  }
  return files;
}

/**
 * What follows a paid order outside its transaction, whoever paid it (the provider's notice, or checkout
 * when nothing was left to pay): fresh catalogue data, and the buyer's confirmation.
 */
export async function announcePaidOrder(order: { orderId: string; eventId: string }): Promise<void> {
  await eventChanged(order.eventId);
  await sendOrderEmail(order.orderId, { kind: 'paid' }).catch((error) => log().error({ err: error }, 'Order email failed'));
}
