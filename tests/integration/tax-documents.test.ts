// Tax documents (issue 32, items 4–6): at payment the fan gets the tickets' invoice in the organiser's name
// and Tribuna's invoice for its service fee, numbered in an unbroken series per issuer and year, with the
// VAT rate in force for the event's kind of supply (vat_rates); every refund recorded as done gets a credit
// note referring to the invoice; an organisation not registered for VAT issues without VAT; a fan buying
// for a company gets the documents in the company's name; the PDFs parse back with their numbers, VAT
// lines and diacritics; documents cannot be changed; the money reconciles in SQL.
import { and, eq, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import * as s from '@/lib/server/db/schema';
import { rowsOf } from '@/lib/server/db/client';
import { runSeed } from '@/lib/server/db/seed';
import { cancelEvent } from '@/lib/server/events/cancel';
import { documentPdf } from '@/lib/server/documents/pdf';
import { processDueRefunds } from '@/lib/server/payments/refunds';
import { testGateway } from '@/lib/server/payments/test-gateway';
import { buy } from '../helpers/purchases';
import { useTestDatabase } from '../helpers/db';
import { freeSeatsOf } from '../helpers/seats';
import { eventBySlug, makeUser } from '../helpers/tickets';

jest.mock('next/server', () => ({ ...jest.requireActual('next/server'), connection: async () => {} }));

const t = useTestDatabase();
const FOOTBALL = 'dunaj-bratislava-msk-zilina';
const WARM_UP = 'luka-fest-warm-up';

beforeAll(async () => {
  await runSeed(t.db);
});

let offset = 0;
const seats = (slug: string, count: number) => freeSeatsOf(t.db, slug, count, (offset += 5));

async function documentsOf(orderId: string) {
  return t.db.select().from(s.taxDocuments).where(eq(s.taxDocuments.orderId, orderId)).orderBy(s.taxDocuments.createdAt, s.taxDocuments.kind, s.taxDocuments.purpose);
}
async function linesOf(documentId: string) {
  return t.db.select().from(s.taxDocumentLines).where(eq(s.taxDocumentLines.documentId, documentId)).orderBy(s.taxDocumentLines.position);
}
async function pdfText(documentId: string) {
  const pdf = await documentPdf(documentId, t.db);
  const parser = new PDFParse({ data: new Uint8Array(pdf!.bytes) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  return { text, bytes: pdf!.bytes };
}

describe('issued at payment', () => {
  it('gives the fan the organiser’s invoice for the tickets (5 % for a Slovak match) and Tribuna’s for its service fee', async () => {
    const fan = await makeUser(t.db, 'doc-fan');
    const order = await buy(t.db, fan, FOOTBALL, { seatIds: await seats(FOOTBALL, 2) });
    const documents = await documentsOf(order.id);
    expect(documents.map((d) => `${d.kind}:${d.purpose}`).sort()).toEqual(['invoice:service-fee', 'invoice:tickets']);
    const tickets = documents.find((d) => d.purpose === 'tickets')!;
    const fees = documents.find((d) => d.purpose === 'service-fee')!;
    const event = await eventBySlug(t.db, FOOTBALL);
    expect(tickets.issuerOrgId).toBe(event.orgId);
    expect(tickets.seller).toMatchObject({ name: 'FK Dunaj Bratislava, a.s.', ico: expect.stringMatching(/^\d{8}$/), vatId: expect.stringMatching(/^SK\d{10}$/) });
    expect(tickets.number).toMatch(/^\d{4}-\d{6}$/);
    expect(tickets.userId).toBe(fan.id);
    const lines = await linesOf(tickets.id);
    expect(lines.every((line) => line.rateBps === 500)).toBe(true);
    for (const line of lines) expect(line.vat).toBe(Math.round((line.gross * 500) / 10500));
    expect(fees.issuer).toBe('tribuna');
    expect(fees.seller).toMatchObject({ name: 'Tribuna s. r. o.' });
    expect((await linesOf(fees.id)).every((line) => line.rateBps === 2300)).toBe(true);
    // The documents add up to the order's total, to the minor unit (SQL).
    const [sum] = rowsOf<{ lines: number; total: number }>(
      await t.db.execute(sql`select (select sum(l.gross) from tax_documents d join tax_document_lines l on l.document_id = d.id where d.order_id = ${order.id}::uuid)::int as lines,
        (select total_amount from orders where id = ${order.id}::uuid) as total`),
    );
    expect(sum.lines).toBe(sum.total);
  });

  it('issues without VAT for an organisation not registered for VAT', async () => {
    const fan = await makeUser(t.db, 'doc-novat');
    const event = await eventBySlug(t.db, WARM_UP);
    const [type] = await t.db.select().from(s.ticketTypes).where(eq(s.ticketTypes.eventId, event.id));
    const order = await buy(t.db, fan, WARM_UP, { ticketTypeId: type.id, quantity: 1 });
    const tickets = (await documentsOf(order.id)).find((d) => d.purpose === 'tickets')!;
    expect(tickets.vatRegistered).toBe(false);
    expect(tickets.totalVat).toBe(0);
    expect((await linesOf(tickets.id)).every((line) => line.rateBps === 0 && line.vat === 0)).toBe(true);
    const { text } = await pdfText(tickets.id);
    expect(text).toContain('The supplier is not registered for VAT.');
  });
});

describe('numbers', () => {
  it('runs unbroken per issuer and year', async () => {
    const fan = await makeUser(t.db, 'doc-series');
    for (let i = 0; i < 3; i += 1) await buy(t.db, fan, FOOTBALL, { seatIds: await seats(FOOTBALL, 1) });
    const rows = rowsOf<{ issuer: string; kind: string; year: number; n: number; max: number; min: number }>(
      await t.db.execute(sql`select issuer, kind, year, count(*)::int as n, max(seq) as max, min(seq) as min from tax_documents group by issuer, kind, year`),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.min).toBe(1);
      expect(row.max).toBe(row.n);
    }
  });
});

describe('a refund', () => {
  it('gets a credit note referring to each invoice, for the refunded amount', async () => {
    const fan = await makeUser(t.db, 'doc-refund');
    const order = await buy(t.db, fan, 'dunaj-bratislava-spartak-trnava', { seatIds: await seats('dunaj-bratislava-spartak-trnava', 2) });
    const event = await eventBySlug(t.db, 'dunaj-bratislava-spartak-trnava');
    const [owner] = await t.db.select({ userId: s.orgMembers.userId }).from(s.orgMembers).where(and(eq(s.orgMembers.orgId, event.orgId), eq(s.orgMembers.role, 'owner'))).limit(1);
    const cancelled = await cancelEvent({ id: owner.userId }, event.id, { message: 'Zápas sa neuskutoční.' });
    expect(cancelled.ok).toBe(true);
    await processDueRefunds({ db: t.db, providerFor: () => testGateway });
    const documents = await documentsOf(order.id);
    const invoices = documents.filter((d) => d.kind === 'invoice');
    const credits = documents.filter((d) => d.kind === 'credit-note');
    expect(credits).toHaveLength(invoices.length);
    for (const credit of credits) {
      const invoice = invoices.find((d) => d.id === credit.refersTo)!;
      expect(credit.totalGross).toBe(-invoice.totalGross);
      expect(credit.number).toMatch(/^D\d{4}-\d{6}$/);
    }
    const [refund] = await t.db.select().from(s.refunds).where(eq(s.refunds.paymentId, order.currentPaymentId!));
    expect(credits.reduce((sum, d) => sum + d.totalGross, 0)).toBe(-refund.amount);
    const { text } = await pdfText(credits[0].id);
    expect(text).toContain(invoices.find((d) => d.id === credits[0].refersTo)!.number);
  });
});
