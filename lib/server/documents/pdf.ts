import 'server-only';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, isNull } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { getDb, tables, type Db, type Tx } from '@/lib/server/db';
import { translator } from '@/lib/server/api/translate';
import { formatAmount } from '@/lib/money';
import type { DocumentParty } from '@/lib/server/db/schema';
import { bratislavaDay } from './issue';
import { totalsOf, type ComputedLine, type Supply } from './vat';

// The PDF of a tax document, drawn with pdfkit (docs/decisions/tax-documents.md) from the document's stored
// rows in the buyer's language, with DejaVu Sans embedded (Slovak and Czech diacritics; the npm package
// dejavu-fonts-ttf, so a fresh machine has it). It is rendered the first time it is asked for and stored in
// the document's row (the one change the immutability trigger allows), so what was sent is what is served.

type StoredDocument = typeof tables.taxDocuments.$inferSelect;
type StoredLine = typeof tables.taxDocumentLines.$inferSelect;

const FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'] as const;

function fontPath(file: (typeof FONT_FILES)[number]): string {
  const candidates = [
    path.join(process.cwd(), 'node_modules', 'dejavu-fonts-ttf', 'ttf', file),
    path.join('/usr/share/fonts/truetype/dejavu', file),
  ];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`font ${file} not found (npm package dejavu-fonts-ttf)`);
  return found;
}

function dateOf(at: Date | string, locale: string): string {
  const day = typeof at === 'string' ? at : bratislavaDay(at);
  const [y, m, d] = day.split('-');
  return locale === 'en' ? `${y}-${m}-${d}` : `${Number(d)}. ${Number(m)}. ${y}`;
}

function percent(rateBps: number, locale: string): string {
  return `${new Intl.NumberFormat(locale === 'en' ? 'en-GB' : locale, { maximumFractionDigits: 2 }).format(rateBps / 100)} %`;
}

/** Renders a document's PDF from its stored data (deterministic: its dates are the document's own). */
export async function renderDocumentPdf(document: StoredDocument, lines: StoredLine[], refersToNumber: string | null, orderRef: string | null): Promise<Buffer> {
  const locale = document.locale;
  const t = translator(locale);
  const money = (amount: number) => `${formatAmount(amount, locale)} ${document.currency}`;
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `${document.number}`, Author: document.seller.name, Producer: 'Tribuna', Creator: 'Tribuna', CreationDate: document.issuedAt },
  });
  pdf.registerFont('regular', fontPath('DejaVuSans.ttf'));
  pdf.registerFont('bold', fontPath('DejaVuSans-Bold.ttf'));
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const title = document.kind === 'credit-note' ? t('documents.pdf.creditNote') : document.vatRegistered ? t('documents.pdf.invoice') : t('documents.pdf.invoiceNoVat');
  pdf.font('bold').fontSize(18).text(title);
  pdf.font('regular').fontSize(10).moveDown(0.3);
  pdf.text(`${t('documents.pdf.number')}: ${document.number}`);
  pdf.text(`${t('documents.pdf.issued')}: ${dateOf(document.issuedAt, locale)}`);
  pdf.text(`${t('documents.pdf.supplied')}: ${dateOf(document.issuedAt, locale)}`);
  if (document.periodFrom && document.periodTo) pdf.text(`${t('documents.pdf.period')}: ${dateOf(document.periodFrom, locale)} – ${dateOf(document.periodTo, locale)}`);
  if (orderRef) pdf.text(`${t('documents.pdf.order')}: ${orderRef}`);
  if (refersToNumber) pdf.text(t('documents.pdf.refersTo', { number: refersToNumber }));

  const partyBlock = (heading: string, party: DocumentParty, x: number, y: number) => {
    pdf.font('bold').text(heading, x, y, { width: 240 });
    pdf.font('regular').text(party.name, { width: 240 });
    const street = party.street ? [party.street] : [];
    const city = [party.postcode, party.city].filter(Boolean).join(' ');
    for (const line of [...street, ...(city ? [city] : []), ...(party.country ? [party.country] : [])]) pdf.text(line, { width: 240 });
    if (party.ico) pdf.text(`${t('documents.pdf.ico')}: ${party.ico}`, { width: 240 });
    if (party.dic) pdf.text(`${t('documents.pdf.dic')}: ${party.dic}`, { width: 240 });
    if (party.vatId) pdf.text(`${t('documents.pdf.vatId')}: ${party.vatId}`, { width: 240 });
    return pdf.y;
  };
  const top = pdf.y + 14;
  const left = partyBlock(t('documents.pdf.seller'), document.seller, 48, top);
  const right = partyBlock(t('documents.pdf.buyer'), document.buyer, 310, top);
  if (!document.vatRegistered) pdf.text(t('documents.pdf.notVatPayer'), 48, Math.max(left, right) + 6);

  // The lines.
  const columns = document.vatRegistered
    ? [
        { key: 'item', x: 48, width: 190, align: 'left' as const },
        { key: 'quantity', x: 238, width: 40, align: 'right' as const },
        { key: 'unitPrice', x: 280, width: 70, align: 'right' as const },
        { key: 'rate', x: 352, width: 50, align: 'right' as const },
        { key: 'base', x: 404, width: 50, align: 'right' as const },
        { key: 'vat', x: 456, width: 40, align: 'right' as const },
        { key: 'total', x: 498, width: 50, align: 'right' as const },
      ]
    : [
        { key: 'item', x: 48, width: 300, align: 'left' as const },
        { key: 'quantity', x: 350, width: 50, align: 'right' as const },
        { key: 'unitPrice', x: 402, width: 70, align: 'right' as const },
        { key: 'total', x: 474, width: 74, align: 'right' as const },
      ];
  let y = Math.max(left, right, pdf.y) + 22;
  pdf.font('bold').fontSize(8);
  for (const column of columns) {
    const label = column.key === 'unitPrice' && !document.vatRegistered ? t('documents.pdf.total') : t(`documents.pdf.${column.key}`);
    pdf.text(column.key === 'unitPrice' && !document.vatRegistered ? '' : label, column.x, y, { width: column.width, align: column.align });
  }
  y = pdf.y + 4;
  pdf.moveTo(48, y).lineTo(548, y).stroke();
  y += 4;
  pdf.font('regular').fontSize(8);
  for (const line of lines) {
    const values: Record<string, string> = {
      item: line.description,
      quantity: String(line.quantity),
      unitPrice: money(line.unitGross),
      rate: percent(line.rateBps, locale),
      base: formatAmount(line.net, locale),
      vat: formatAmount(line.vat, locale),
      total: money(line.gross),
    };
    let bottom = y;
    for (const column of columns) {
      pdf.text(values[column.key], column.x, y, { width: column.width, align: column.align });
      bottom = Math.max(bottom, pdf.y);
    }
    y = bottom + 3;
    if (y > 760) {
      pdf.addPage();
      y = 48;
    }
  }
  pdf.moveTo(48, y).lineTo(548, y).stroke();
  y += 8;

  // Totals per rate: the sums of the lines above.
  const computed: ComputedLine[] = lines.map((line) => ({ ...line, supply: line.supply as Supply }));
  const totals = totalsOf(computed);
  pdf.fontSize(9);
  if (document.vatRegistered) {
    pdf.font('bold').text(t('documents.pdf.recap'), 48, y);
    y = pdf.y + 2;
    pdf.font('regular');
    for (const rate of totals.perRate) {
      pdf.text(`${t('documents.pdf.rate')} ${percent(rate.rateBps, locale)}: ${t('documents.pdf.base')} ${money(rate.net)}, ${t('documents.pdf.vat')} ${money(rate.vat)}, ${t('documents.pdf.total')} ${money(rate.gross)}`, 48, y);
      y = pdf.y + 2;
    }
    y += 6;
  }
  pdf.font('bold').fontSize(12).text(`${document.vatRegistered ? t('documents.pdf.totalDue') : t('documents.pdf.totalNoVat')}: ${money(document.totalGross)}`, 48, y);
  pdf.font('regular').fontSize(9).moveDown(0.5);
  if (document.vatRegistered) pdf.text(t('documents.pdf.pricesIncludeVat'));
  if (document.kind === 'invoice' && document.purpose !== 'platform-fee') pdf.text(t('documents.pdf.paid'));
  if (document.note) pdf.text(document.note);
  pdf.end();
  return done;
}

/** The document's PDF: stored bytes, or rendered now and stored (once: a concurrent render's bytes win and are served). */
export async function documentPdf(documentId: string, db: Db | Tx = getDb()): Promise<{ number: string; bytes: Buffer } | null> {
  const [document] = await db.select().from(tables.taxDocuments).where(eq(tables.taxDocuments.id, documentId));
  if (!document) return null;
  if (document.pdf) return { number: document.number, bytes: document.pdf };
  const lines = await db.select().from(tables.taxDocumentLines).where(eq(tables.taxDocumentLines.documentId, documentId)).orderBy(asc(tables.taxDocumentLines.position));
  const [original] = document.refersTo
    ? await db.select({ number: tables.taxDocuments.number }).from(tables.taxDocuments).where(eq(tables.taxDocuments.id, document.refersTo))
    : [];
  const orderRef = document.orderId ? document.orderId.slice(0, 8).toUpperCase() : null;
  const bytes = await renderDocumentPdf(document, lines, original?.number ?? null, orderRef);
  const [stored] = await db
    .update(tables.taxDocuments)
    .set({ pdf: bytes })
    .where(and(eq(tables.taxDocuments.id, documentId), isNull(tables.taxDocuments.pdf)))
    .returning({ id: tables.taxDocuments.id });
  if (stored) return { number: document.number, bytes };
  const [again] = await db.select({ pdf: tables.taxDocuments.pdf }).from(tables.taxDocuments).where(eq(tables.taxDocuments.id, documentId));
  return { number: document.number, bytes: again?.pdf ?? bytes };
}

/** The file name a document is downloaded and attached as: "faktura-2026-000123.pdf". */
export function documentFileName(document: { kind: 'invoice' | 'credit-note'; number: string }): string {
  return `${document.kind === 'credit-note' ? 'dobropis' : 'faktura'}-${document.number}.pdf`;
}
