import 'server-only';
import { and, asc, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isUuid } from '@/lib/ids';
import { getDb, tables, type Db } from '@/lib/server/db';
import type { DocumentQuery, DocumentSummary } from '@/lib/schemas/documents';
import { periodOf } from '@/lib/server/reports/settlement';
import { documentFileName, documentPdf } from './pdf';

// Who reads which documents: the fan those of their own orders (My orders), an organisation those it
// issued or received (the console, capability checked by the operation's access). Anything else is
// answered as if there were nothing (404).

const d = tables.taxDocuments;
const original = alias(tables.taxDocuments, 'original');

type Row = { document: typeof d.$inferSelect; refersTo: string | null };

function summary(row: Row, pdfUrl: string): DocumentSummary {
  const doc = row.document;
  return {
    id: doc.id,
    kind: doc.kind,
    purpose: doc.purpose as DocumentSummary['purpose'],
    number: doc.number,
    issuedAt: doc.issuedAt.toISOString(),
    seller: doc.seller.name,
    buyer: doc.buyer.name,
    total: { amount: doc.totalGross, currency: doc.currency },
    vat: { amount: doc.totalVat, currency: doc.currency },
    refersTo: row.refersTo,
    orderId: doc.orderId,
    pdfUrl,
  };
}

const columns = {
  document: {
    id: d.id,
    kind: d.kind,
    purpose: d.purpose,
    number: d.number,
    issuedAt: d.issuedAt,
    seller: d.seller,
    buyer: d.buyer,
    totalGross: d.totalGross,
    totalVat: d.totalVat,
    totalNet: d.totalNet,
    currency: d.currency,
    orderId: d.orderId,
  },
  refersTo: original.number,
};

/** The documents of one of the fan's orders, oldest first; null when the order is not theirs. */
export async function listOrderDocuments(userId: string, orderId: string, db: Db = getDb()): Promise<DocumentSummary[] | null> {
  if (!isUuid(orderId)) return null;
  const [order] = await db.select({ id: tables.orders.id }).from(tables.orders).where(and(eq(tables.orders.id, orderId), eq(tables.orders.userId, userId)));
  if (!order) return null;
  const rows = await db.select(columns).from(d).leftJoin(original, eq(original.id, d.refersTo)).where(eq(d.orderId, orderId)).orderBy(asc(d.issuedAt), asc(d.kind), asc(d.number));
  return rows.map((row) => summary(row as unknown as Row, `/api/v1/orders/${orderId}/documents/${row.document.id}/pdf`));
}

export type DocumentFile = { filename: string; bytes: Buffer };

/** A document's PDF for the fan whose order it belongs to; null otherwise. */
export async function orderDocumentFile(userId: string, orderId: string, documentId: string, db: Db = getDb()): Promise<DocumentFile | null> {
  if (!isUuid(orderId) || !isUuid(documentId)) return null;
  const [doc] = await db
    .select({ id: d.id, kind: d.kind, number: d.number })
    .from(d)
    .innerJoin(tables.orders, eq(tables.orders.id, d.orderId))
    .where(and(eq(d.id, documentId), eq(d.orderId, orderId), eq(tables.orders.userId, userId)));
  if (!doc) return null;
  const pdf = await documentPdf(doc.id, db);
  return pdf && { filename: documentFileName(doc), bytes: pdf.bytes };
}

/** The filter of an organisation's documents in a period (and of a kind or purpose). */
export function organisationDocumentsWhere(query: DocumentQuery): SQL {
  const { start, end } = periodOf(query.from, query.to);
  const parts: SQL[] = [eq(d.orgId, query.organisation), gte(d.issuedAt, start), lt(d.issuedAt, end)];
  if (query.kind) parts.push(eq(d.kind, query.kind));
  if (query.purpose) parts.push(eq(d.purpose, query.purpose));
  return and(...parts)!;
}

/** The documents the organisation issued or received in the period, newest first (at most 500). */
export async function listOrganisationDocuments(query: DocumentQuery, db: Db = getDb()): Promise<DocumentSummary[]> {
  const rows = await db
    .select(columns)
    .from(d)
    .leftJoin(original, eq(original.id, d.refersTo))
    .where(organisationDocumentsWhere(query))
    .orderBy(desc(d.issuedAt), desc(d.number))
    .limit(500);
  return rows.map((row) => summary(row as unknown as Row, `/api/v1/organiser/documents/${row.document.id}/pdf?organisation=${query.organisation}`));
}

/** A document's PDF for the organisation that issued or received it; null otherwise. */
export async function organisationDocumentFile(organisationId: string, documentId: string, db: Db = getDb()): Promise<DocumentFile | null> {
  if (!isUuid(documentId)) return null;
  const [doc] = await db
    .select({ id: d.id, kind: d.kind, number: d.number })
    .from(d)
    .where(and(eq(d.id, documentId), or(eq(d.orgId, organisationId), eq(d.issuerOrgId, organisationId))));
  if (!doc) return null;
  const pdf = await documentPdf(doc.id, db);
  return pdf && { filename: documentFileName(doc), bytes: pdf.bytes };
}
