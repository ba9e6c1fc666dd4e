import 'server-only';
import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getDb, tables, type Db } from '@/lib/server/db';
import type { DocumentQuery } from '@/lib/schemas/documents';
import type { ExportColumnKind, ExportRow } from '@/lib/server/reports/export-file';
import { organisationDocumentsWhere } from './read';

// The accountant's export of a period (the one export writer, reports/export-file.ts): every document the
// organisation issued or received, a row per document and VAT rate — the rate's base, VAT and total, the
// sums of the document's lines at that rate — so the rows of a document add up to its total.

export const DOCUMENT_EXPORT_COLUMNS: readonly (readonly [string, ExportColumnKind])[] = [
  ['number', 'text'],
  ['kind', 'text'],
  ['purpose', 'text'],
  ['issuedAt', 'time'],
  ['refersTo', 'text'],
  ['order', 'text'],
  ['seller', 'text'],
  ['sellerVatId', 'text'],
  ['buyer', 'text'],
  ['buyerIco', 'text'],
  ['buyerVatId', 'text'],
  ['currency', 'text'],
  ['rate', 'number'],
  ['base', 'money'],
  ['vat', 'money'],
  ['total', 'money'],
];

const d = tables.taxDocuments;
const l = tables.taxDocumentLines;
const original = alias(tables.taxDocuments, 'original');

export async function documentExportRows(query: DocumentQuery, label: (key: string) => string, db: Db = getDb()): Promise<ExportRow[]> {
  const rows = await db
    .select({
      number: d.number,
      kind: d.kind,
      purpose: d.purpose,
      issuedAt: d.issuedAt,
      refersTo: original.number,
      orderId: d.orderId,
      seller: d.seller,
      buyer: d.buyer,
      currency: d.currency,
      rateBps: l.rateBps,
      base: sql<number>`sum(${l.net})::int`,
      vat: sql<number>`sum(${l.vat})::int`,
      total: sql<number>`sum(${l.gross})::int`,
    })
    .from(d)
    .innerJoin(l, eq(l.documentId, d.id))
    .leftJoin(original, eq(original.id, d.refersTo))
    .where(organisationDocumentsWhere(query))
    .groupBy(d.id, original.number, l.rateBps)
    .orderBy(asc(d.issuedAt), asc(d.number), sql`${l.rateBps} desc`);
  return rows.map((row) => ({
    number: row.number,
    kind: label(`kind.${row.kind}`),
    purpose: label(`purpose.${row.purpose}`),
    issuedAt: row.issuedAt,
    refersTo: row.refersTo ?? '',
    order: row.orderId ? row.orderId.slice(0, 8).toUpperCase() : '',
    seller: row.seller.name,
    sellerVatId: row.seller.vatId ?? '',
    buyer: row.buyer.name,
    buyerIco: row.buyer.ico ?? '',
    buyerVatId: row.buyer.vatId ?? '',
    currency: row.currency,
    rate: row.rateBps / 100,
    base: Number(row.base),
    vat: Number(row.vat),
    total: Number(row.total),
  }));
}
