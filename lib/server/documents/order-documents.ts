import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { tables, type Tx } from '@/lib/server/db';
import { rowsOf } from '@/lib/server/db/client';
import type { DocumentParty } from '@/lib/server/db/schema';
import { translator } from '@/lib/server/api/translate';
import { textIn } from '@/lib/localized-text';
import { issueDocument, type IssueLine, type IssuedDocument } from './issue';
import { ADMISSION_SUPPLY } from './rates';
import { splitProportionally, type Supply } from './vat';

// The documents of a fan's order: issued in the transaction that marks it paid (orders/fulfil.ts
// markOrderPaid), and a credit note per invoice for each refund of its payment recorded as done
// (payments/refunds.ts) and for each credit to the fan's wallet given back instead of a refund
// (events/cancel.ts), in proportion to the amount.
//
// - the tickets' invoice, in the organiser's name: one line per price category and price, the coupon's
//   discount and the loyalty points' discount as negative lines of the same kind of supply (they lower the
//   price); the kind of supply follows the event's category (rates.ts ADMISSION_SUPPLY);
// - Tribuna's invoice for its service fee (and the buyer's resale fee).
// Resale listings are sold by fans, not by a taxable supplier: their price is on no document. Wallet
// credit pays like money (it came from an earlier refund, already credited): it is not a discount.

export function orderReference(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}

/** The buyer of an order's documents: the company the fan entered at checkout, or the fan. */
function buyerOf(order: { billing: typeof tables.orders.$inferSelect.billing }, user: { firstName: string | null; lastName: string | null; email: string | null }, privateLabel: string): DocumentParty {
  if (order.billing) {
    const b = order.billing;
    return { name: b.name, street: b.street, city: b.city, postcode: b.postcode, country: b.country, ico: b.ico, dic: b.dic, vatId: b.vatId };
  }
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return { name: name || privateLabel, email: user.email };
}

/** Issues the order's invoices (the organiser's for its tickets, Tribuna's for its fees); once per order. */
export async function issueOrderDocuments(tx: Tx, input: { orderId: string; now: Date }): Promise<IssuedDocument[]> {
  const [row] = await tx
    .select({
      order: tables.orders,
      user: { firstName: tables.users.firstName, lastName: tables.users.lastName, email: tables.users.email },
      event: { title: tables.events.title, category: tables.events.category, orgId: tables.events.orgId },
      language: tables.organisations.language,
      season: tables.seasons.name,
    })
    .from(tables.orders)
    .innerJoin(tables.users, eq(tables.users.id, tables.orders.userId))
    .innerJoin(tables.events, eq(tables.events.id, tables.orders.eventId))
    .innerJoin(tables.organisations, eq(tables.organisations.id, tables.events.orgId))
    .innerJoin(tables.holds, eq(tables.holds.id, tables.orders.holdId))
    .leftJoin(tables.seasons, eq(tables.seasons.id, tables.holds.seasonId))
    .where(eq(tables.orders.id, input.orderId));
  if (!row) return [];
  const { order, event } = row;
  const locale = order.locale;
  const t = translator(locale);
  const eventName = textIn(row.season ?? event.title, locale, row.language);
  const items = await tx
    .select({ listingId: tables.orderItems.listingId, priceAmount: tables.orderItems.priceAmount, feeAmount: tables.orderItems.feeAmount, ticketTypeId: tables.orderItems.ticketTypeId, typeName: tables.ticketTypes.name })
    .from(tables.orderItems)
    .innerJoin(tables.ticketTypes, eq(tables.ticketTypes.id, tables.orderItems.ticketTypeId))
    .where(eq(tables.orderItems.orderId, order.id))
    .orderBy(asc(tables.orderItems.id));
  const buyer = buyerOf(order, row.user, t('documents.pdf.privateBuyer'));
  const common = { buyer, currency: order.currency, locale, orderId: order.id, userId: order.userId, issuedAt: input.now, kind: 'invoice' as const };
  const issued: IssuedDocument[] = [];

  // The tickets: grouped per price category and price, in the order first bought.
  const supply: Supply = ADMISSION_SUPPLY[event.category];
  const ticketLines = new Map<string, IssueLine>();
  for (const item of items) {
    if (item.listingId || item.priceAmount <= 0) continue;
    const key = `${item.ticketTypeId}:${item.priceAmount}`;
    const line = ticketLines.get(key);
    if (line) line.quantity += 1;
    else ticketLines.set(key, { description: t('documents.lines.ticket', { event: eventName, type: textIn(item.typeName, locale, row.language) }), supply, quantity: 1, unitGross: item.priceAmount });
  }
  const lines = [...ticketLines.values()];
  if (lines.length) {
    const [coupon] = order.couponId ? await tx.select({ code: tables.coupons.code }).from(tables.coupons).where(eq(tables.coupons.id, order.couponId)) : [];
    if (order.discountAmount > 0)
      lines.push({ description: coupon ? t('documents.lines.discount', { code: coupon.code }) : t('documents.lines.discountNoCode'), supply, quantity: 1, unitGross: -order.discountAmount });
    if (order.loyaltyAmount > 0) lines.push({ description: t('documents.lines.loyalty', { points: order.loyaltyPoints }), supply, quantity: 1, unitGross: -order.loyaltyAmount });
    issued.push(await issueDocument(tx, { ...common, purpose: 'tickets', issuer: { orgId: event.orgId }, lines, sourceKey: `order:${order.id}:tickets` }));
  }

  // Tribuna's fees: the service fee of primary tickets, the buyer's fee of resale listings.
  const feeLines = new Map<string, IssueLine>();
  for (const item of items) {
    if (item.feeAmount <= 0) continue;
    const resale = item.listingId !== null;
    const key = `${resale}:${item.feeAmount}`;
    const line = feeLines.get(key);
    if (line) line.quantity += 1;
    else feeLines.set(key, { description: t(resale ? 'documents.lines.resaleFee' : 'documents.lines.serviceFee', { event: eventName }), supply: 'service-fee', quantity: 1, unitGross: item.feeAmount });
  }
  if (feeLines.size) issued.push(await issueDocument(tx, { ...common, purpose: 'service-fee', issuer: 'tribuna', lines: [...feeLines.values()], sourceKey: `order:${order.id}:service-fee` }));
  return issued;
}

type RefundRow = typeof tables.refunds.$inferSelect;

/**
 * The credit notes of a refund recorded as done, in its transaction: when the refunded payment is the one
 * that paid the order, each of the order's invoices is credited its part of the refund's amount
 * (creditOrderInvoices). Once per refund and invoice (source key).
 */
export async function issueRefundCreditNotes(tx: Tx, refund: Pick<RefundRow, 'id' | 'paymentId' | 'amount'>, now: Date): Promise<IssuedDocument[]> {
  const [paid] = await tx
    .select({ orderId: tables.orders.id })
    .from(tables.payments)
    .innerJoin(tables.orders, eq(tables.orders.id, tables.payments.orderId))
    .where(and(eq(tables.payments.id, refund.paymentId), eq(tables.orders.currentPaymentId, refund.paymentId), inArray(tables.orders.status, ['paid', 'refunded'])));
  if (!paid) return [];
  return creditOrderInvoices(tx, { orderId: paid.orderId, amount: refund.amount, source: `refund:${refund.id}`, refundId: refund.id, reason: 'documents.creditNote.reason', now });
}

/**
 * The credit notes of money given back as wallet credit with the club instead of to the payment (a cancelled
 * match of a season that refunds as credit: events/cancel.ts), in the transaction that writes the credit:
 * the credited amount spread over the order's invoices as a refund's is. Once per wallet entry and invoice
 * (source key).
 */
export async function issueWalletCreditNotes(tx: Tx, credit: { entryId: string; orderId: string; amount: number }, now: Date): Promise<IssuedDocument[]> {
  return creditOrderInvoices(tx, { orderId: credit.orderId, amount: credit.amount, source: `wallet:${credit.entryId}`, reason: 'documents.creditNote.walletReason', now });
}

/**
 * Credits each of the order's invoices its part of `amount`: the amount spread over what is still not
 * credited of every rate of every invoice (and the resale listings' price, on no document) in proportion.
 * Each credit note's source key is `<source>:<invoice id>`.
 */
async function creditOrderInvoices(
  tx: Tx,
  input: { orderId: string; amount: number; source: string; refundId?: string; reason: 'documents.creditNote.reason' | 'documents.creditNote.walletReason'; now: Date },
): Promise<IssuedDocument[]> {
  const { orderId } = input;
  if (input.amount <= 0) return [];
  const invoices = await tx
    .select()
    .from(tables.taxDocuments)
    .where(and(eq(tables.taxDocuments.orderId, orderId), eq(tables.taxDocuments.kind, 'invoice')))
    // The organiser's before Tribuna's, as issueOrderDocuments takes them: each issue locks its series'
    // counter to the end of the transaction, so two refunds recorded at once wait, never deadlock.
    .orderBy(sql`${tables.taxDocuments.issuerOrgId} is null`, asc(tables.taxDocuments.seq));
  if (!invoices.length) return [];
  // What is left of each invoice's rates: its lines plus the (negative) lines of its earlier credit notes.
  const left = rowsOf<{ document_id: string; supply: string; rate_bps: number; gross: number }>(
    await tx.execute(sql`select coalesce(d.refers_to, d.id) as document_id, l.supply, l.rate_bps, sum(l.gross)::int as gross
      from tax_documents d join tax_document_lines l on l.document_id = d.id
      where d.order_id = ${orderId}::uuid
      group by coalesce(d.refers_to, d.id), l.supply, l.rate_bps
      order by coalesce(d.refers_to, d.id), l.rate_bps desc, l.supply`),
  );
  const [resale] = rowsOf<{ gross: number }>(
    await tx.execute(sql`select coalesce(sum(price_amount), 0)::int as gross from order_items where order_id = ${orderId}::uuid and listing_id is not null`),
  );
  const parts = [...left.map((part) => ({ ...part, gross: Number(part.gross) })), { document_id: null, supply: '', rate_bps: 0, gross: Number(resale?.gross ?? 0) }];
  const shares = splitProportionally(parts, input.amount);
  const issued: IssuedDocument[] = [];
  for (const invoice of invoices) {
    const t = translator(invoice.locale);
    const lines: IssueLine[] = shares
      .filter((entry) => entry.part.document_id === invoice.id)
      .map((entry) => ({
        description: t('documents.lines.refund', { line: t(`documents.purpose.${invoice.purpose}`) }),
        supply: entry.part.supply as Supply,
        quantity: 1,
        unitGross: -entry.share,
        rateBps: entry.part.rate_bps,
      }));
    if (!lines.length) continue;
    issued.push(
      await issueDocument(tx, {
        kind: 'credit-note',
        purpose: invoice.purpose as 'tickets' | 'service-fee',
        issuer: invoice.issuerOrgId ? { orgId: invoice.issuerOrgId } : 'tribuna',
        buyer: invoice.buyer,
        lines,
        currency: invoice.currency,
        locale: invoice.locale,
        sourceKey: `${input.source}:${invoice.id}`,
        refersTo: invoice.id,
        orderId,
        userId: invoice.userId ?? undefined,
        orgId: invoice.orgId ?? undefined,
        ...(input.refundId ? { refundId: input.refundId } : {}),
        note: t(input.reason, { order: orderReference(orderId) }),
        issuedAt: input.now,
      }),
    );
  }
  return issued;
}
