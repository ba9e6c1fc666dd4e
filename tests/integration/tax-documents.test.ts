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
import { cancelEvent } from '@/lib/server/events/cancel';
import { documentPdf } from '@/lib/server/documents/pdf';
import { processDueRefunds } from '@/lib/server/payments/refunds';
import { testGateway } from '@/lib/server/payments/test-gateway';
import { addToCart } from '@/lib/server/cart';
import { checkout } from '@/lib/server/orders/checkout';
import { signedGatewayNotice } from '@/lib/server/payments/test-gateway';
import { handlePaymentNotice } from '@/lib/server/payments/webhook';
import { callApi } from '../helpers/api';
import { buy } from '../helpers/purchases';
import { useTestDatabase } from '../helpers/db';
import { freeSeatsOf } from '../helpers/seats';
import { auth, eventBySlug, makeScanner, makeUser, request } from '../helpers/tickets';

jest.mock('next/server', () => ({ ...jest.requireActual('next/server'), connection: async () => {} }));

jest.setTimeout(300_000);
const t = useTestDatabase({ seeded: true });
const FOOTBALL = 'dunaj-bratislava-msk-zilina';
const WARM_UP = 'luka-fest-warm-up';
const HOCKEY = 'vltava-praha-slavia-praha';
const urls = { success: (id: string) => `http://x/orders/${id}`, cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` };


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

describe('rates as data', () => {
  it('charges the Czech reduced 12 % on admission to a match in Prague, 23 % on Tribuna’s fee', async () => {
    const fan = await makeUser(t.db, 'doc-cz');
    const order = await buy(t.db, fan, HOCKEY, { seatIds: await seats(HOCKEY, 1) });
    const documents = await documentsOf(order.id);
    const tickets = documents.find((d) => d.purpose === 'tickets')!;
    expect(tickets.currency).toBe('CZK');
    expect((await linesOf(tickets.id)).map((line) => line.rateBps)).toEqual([1200]);
    const fees = documents.find((d) => d.purpose === 'service-fee');
    if (fees) expect((await linesOf(fees.id)).every((line) => line.rateBps === 2300)).toBe(true);
  });
});

describe('a fan buying for a company', () => {
  const company = { name: 'Účtovníctvo Žilina s.r.o.', ico: '36142221', dic: '2021234567', vatId: 'SK2021234567', street: 'Hlavná 12', city: 'Žilina', postcode: '010 01', country: 'SK' as const };

  it('gets the documents in the company’s name, with its IČO and IČ DPH, in the PDF with its diacritics', async () => {
    const fan = await makeUser(t.db, 'doc-company');
    const held = await addToCart({ user: fan, eventRef: FOOTBALL, selection: { seatIds: await seats(FOOTBALL, 1) }, locale: 'sk' });
    expect(held.ok).toBe(true);
    const result = await checkout({ user: fan, eventRef: FOOTBALL, locale: 'sk', urls, billing: company });
    if (!result.ok || result.paid) throw new Error('checkout');
    const { eventId } = signedGatewayNotice(result.paymentId, 'succeeded');
    await handlePaymentNotice(testGateway, { eventId, paymentId: result.paymentId, outcome: 'succeeded' }, new Date());
    const documents = await documentsOf(result.orderId);
    expect(documents).toHaveLength(2);
    for (const document of documents) expect(document.buyer).toMatchObject({ name: company.name, ico: '36142221', vatId: 'SK2021234567' });
    const tickets = documents.find((d) => d.purpose === 'tickets')!;
    expect(tickets.locale).toBe('sk');
    const { text, bytes } = await pdfText(tickets.id);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(text).toContain(tickets.number);
    expect(text).toContain('Účtovníctvo Žilina s.r.o.');
    expect(text).toContain('IČ DPH: SK2021234567');
    expect(text).toContain('Faktúra – daňový doklad');
    expect(text).toContain('Rekapitulácia DPH');
    expect(text).toMatch(/Sadzba DPH 5 %/);
    // The tickets' VAT line as printed: base and VAT of the line.
    const [line] = await linesOf(tickets.id);
    expect(text).toContain(`${(line.vat / 100).toFixed(2).replace('.', ',')}`);
  });

  it('refuses an IČO whose check digit is wrong, with a translated message (422)', async () => {
    const fan = await makeUser(t.db, 'doc-bad-ico');
    await addToCart({ user: fan, eventRef: FOOTBALL, selection: { seatIds: await seats(FOOTBALL, 1) }, locale: 'sk' });
    const answer = await callApi(
      request(`/api/v1/events/${FOOTBALL}/checkout`, {
        method: 'POST',
        headers: { ...auth(fan), 'content-type': 'application/json', 'accept-language': 'sk' },
        body: { acceptTerms: true, billing: { ...company, ico: '36142222' } },
      }),
    );
    expect(answer.status).toBe(422);
    expect(JSON.stringify(await answer.json())).toContain('IČO má 8 číslic a platnú kontrolnú číslicu.');
  });
});

describe('who may download', () => {
  it('serves the fan their own documents and the organiser its own; anyone else gets 404', async () => {
    const fan = await makeUser(t.db, 'doc-owner');
    const other = await makeUser(t.db, 'doc-other');
    const order = await buy(t.db, fan, FOOTBALL, { seatIds: await seats(FOOTBALL, 1) });
    const list = await callApi(request(`/api/v1/orders/${order.id}/documents`, { headers: auth(fan) }));
    expect(list.status).toBe(200);
    const { documents } = (await list.json()) as { documents: { id: string; purpose: string; pdfUrl: string; number: string }[] };
    expect(documents).toHaveLength(2);
    const tickets = documents.find((d) => d.purpose === 'tickets')!;
    const mine = await callApi(request(tickets.pdfUrl, { headers: auth(fan) }));
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await mine.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await callApi(request(tickets.pdfUrl, { headers: auth(other) }))).status).toBe(404);
    expect((await callApi(request(`/api/v1/orders/${order.id}/documents`, { headers: auth(other) }))).status).toBe(404);

    const event = await eventBySlug(t.db, FOOTBALL);
    const owner = await makeScanner(t.db, FOOTBALL, 'owner');
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const consoleList = await callApi(request(`/api/v1/organiser/documents?organisation=${event.orgId}&from=${yesterday}&to=${tomorrow}`, { headers: auth(owner) }));
    expect(consoleList.status).toBe(200);
    const listed = (await consoleList.json()) as { documents: { id: string; number: string; pdfUrl: string }[] };
    expect(listed.documents.map((d) => d.number)).toContain(tickets.number);
    // Tribuna's service-fee invoice to the fan is not the organiser's.
    expect(listed.documents.map((d) => d.id)).not.toContain(documents.find((d) => d.purpose === 'service-fee')!.id);
    const orgPdf = await callApi(request(`/api/v1/organiser/documents/${tickets.id}/pdf?organisation=${event.orgId}`, { headers: auth(owner) }));
    expect(orgPdf.status).toBe(200);
    // A manager may not (owner only: payouts), another organisation's owner gets nothing.
    const manager = await makeScanner(t.db, FOOTBALL, 'manager');
    expect((await callApi(request(`/api/v1/organiser/documents/${tickets.id}/pdf?organisation=${event.orgId}`, { headers: auth(manager) }))).status).toBe(403);
    const stranger = await makeScanner(t.db, HOCKEY, 'owner');
    const hockey = await eventBySlug(t.db, HOCKEY);
    expect((await callApi(request(`/api/v1/organiser/documents/${tickets.id}/pdf?organisation=${hockey.orgId}`, { headers: auth(stranger) }))).status).toBe(404);
    expect((await callApi(request(`/api/v1/organiser/documents/${tickets.id}/pdf?organisation=${event.orgId}`, { headers: auth(stranger) }))).status).toBe(404);

    // The accountant's export: a row per document and rate, with the VAT breakdown.
    const csv = await callApi(request(`/api/v1/organiser/documents.csv?organisation=${event.orgId}&from=${today}&to=${tomorrow}`, { headers: { ...auth(owner), 'accept-language': 'en' } }));
    expect(csv.status).toBe(200);
    const body = await csv.text();
    expect(body).toContain('Tax base');
    expect(body).toContain(tickets.number);
    const xlsx = await callApi(request(`/api/v1/organiser/documents.xlsx?organisation=${event.orgId}&from=${today}&to=${tomorrow}`, { headers: auth(owner) }));
    expect(xlsx.status).toBe(200);
    expect(Buffer.from(await xlsx.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');
  });
});

describe('once issued', () => {
  it('cannot be changed or deleted, and the confirmation mail carries the invoices', async () => {
    const [document] = await t.db.select().from(s.taxDocuments).limit(1);
    await expect(t.db.execute(sql`update tax_documents set total_gross = total_gross + 1 where id = ${document.id}::uuid`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from tax_documents where id = ${document.id}::uuid`)).rejects.toThrow();
    await expect(t.db.execute(sql`update tax_document_lines set gross = gross where document_id = ${document.id}::uuid`)).rejects.toThrow();
    const mails = await t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.kind, 'order-paid'));
    expect(mails.some((mail) => mail.attachments.some((file) => /^faktura-\d{4}-\d{6}\.pdf$/.test(file.filename)))).toBe(true);
  });

  it('adds up: every document’s lines, its totals per rate and its total agree to the minor unit (SQL)', async () => {
    const [bad] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from tax_documents d
        join (select document_id, sum(gross) g, sum(net) n, sum(vat) v from tax_document_lines group by document_id) l on l.document_id = d.id
        where l.g <> d.total_gross or l.n <> d.total_net or l.v <> d.total_vat`),
    );
    expect(bad.n).toBe(0);
    // Each paid order's invoices add up to what it cost (no resale, no wallet credit in these orders).
    const [orders] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from orders o
        where o.status = 'paid' and exists (select 1 from tax_documents d where d.order_id = o.id)
          and o.subtotal_amount - o.discount_amount - o.loyalty_amount + o.fee_amount
            <> (select sum(l.gross) from tax_documents d join tax_document_lines l on l.document_id = d.id where d.order_id = o.id and d.kind = 'invoice')`),
    );
    expect(orders.n).toBe(0);
  });
});
