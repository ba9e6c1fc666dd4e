import 'server-only';
// Tax documents over the API: the fan's documents of an order (My orders) and their PDFs, the organiser's
// documents of a period with filters, their PDFs and the accountant's export (CSV, .xlsx).
import { defineModule, operation } from '@/lib/server/api/operation';
import { requestLocale } from '@/lib/server/api/request-locale';
import { ApiError, json } from '@/lib/server/api/respond';
import { translator } from '@/lib/server/api/translate';
import { documentListSchema, documentQuerySchema, organisationQuerySchema } from '@/lib/schemas/documents';
import { EXPORT_FORMATS } from '@/lib/schemas/reports-live';
import { exportFile, exportResponse, oneBatch } from '@/lib/server/reports/export-file';
import { DOCUMENT_EXPORT_COLUMNS, documentExportRows } from './export';
import { listOrderDocuments, listOrganisationDocuments, orderDocumentFile, organisationDocumentFile, type DocumentFile } from './read';

const noStore = { 'Cache-Control': 'private, no-store' };
const period = 'Days (YYYY-MM-DD) in Europe/Bratislava, `to` included; kind (invoice, credit-note) and purpose (tickets, service-fee, platform-fee) narrow it';

function pdfResponse(file: DocumentFile): Response {
  return new Response(new Uint8Array(file.bytes), {
    headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${file.filename}"`, ...noStore },
  });
}

export default defineModule({
  name: 'documents',
  operations: [
    operation({
      method: 'get',
      path: '/api/v1/orders/{id}/documents',
      summary:
        "The tax documents of one of the caller's orders: the organiser's invoice for the tickets, Tribuna's for its service fee, and a credit note for each refund (refersTo: the invoice it corrects); each with its PDF's address. Another person's order is 404",
      access: 'signed-in',
      answer: documentListSchema,
      failures: ['DOCUMENT_NOT_FOUND'],
      handle: async ({ params, caller }) => {
        const documents = await listOrderDocuments(caller.user.id, params.id);
        if (!documents) throw new ApiError('DOCUMENT_NOT_FOUND');
        return json({ documents }, { headers: noStore });
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/orders/{id}/documents/{documentId}/pdf',
      summary: "A tax document of one of the caller's orders as a PDF (in the buyer's language, as issued). Anyone else's is 404",
      access: 'signed-in',
      answer: { type: 'application/pdf', description: 'The PDF (Content-Disposition: attachment; filename faktura-{number}.pdf or dobropis-{number}.pdf)' },
      failures: ['DOCUMENT_NOT_FOUND'],
      handle: async ({ params, caller }) => {
        const file = await orderDocumentFile(caller.user.id, params.id, params.documentId);
        if (!file) throw new ApiError('DOCUMENT_NOT_FOUND');
        return pdfResponse(file);
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/organiser/documents',
      summary: `The tax documents the organisation issued (tickets' invoices and credit notes) or received (Tribuna's platform-fee invoices) in a period, newest first, at most 500. ${period}. Owner only`,
      access: { capability: 'payouts', owner: 'organisation', query: 'organisation' },
      query: documentQuerySchema,
      answer: documentListSchema,
      failures: [],
      handle: async ({ query }) => json({ documents: await listOrganisationDocuments(query) }, { headers: noStore }),
    }),
    operation({
      method: 'get',
      path: '/api/v1/organiser/documents/{documentId}/pdf',
      summary: "One of the organisation's tax documents as a PDF. Another organisation's is 404. Owner only",
      access: { capability: 'payouts', owner: 'organisation', query: 'organisation' },
      query: organisationQuerySchema,
      answer: { type: 'application/pdf', description: 'The PDF (Content-Disposition: attachment)' },
      failures: ['DOCUMENT_NOT_FOUND'],
      handle: async ({ params, query }) => {
        const file = await organisationDocumentFile(query.organisation, params.documentId);
        if (!file) throw new ApiError('DOCUMENT_NOT_FOUND');
        return pdfResponse(file);
      },
    }),
    ...EXPORT_FORMATS.map((format) =>
      operation({
        method: 'get',
        path: `/api/v1/organiser/documents.${format}`,
        summary: `The accountant's export of a period as ${format === 'csv' ? 'CSV (UTF-8 with BOM; semicolons and a decimal comma in Slovak and Czech)' : 'an Excel workbook'}: every document of the organisation, a row per document and VAT rate (number, kind, purpose, issued, the invoice it corrects, order, seller and VAT ID, buyer with IČO and VAT ID, currency, rate, base, VAT, total). ${period}. Owner only`,
        access: { capability: 'payouts', owner: 'organisation', query: 'organisation' },
        query: documentQuerySchema,
        answer: { type: format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', description: 'The file (Content-Disposition: attachment)' },
        failures: [],
        handle: async ({ request, query }) => {
          const locale = requestLocale(request);
          const t = translator(locale);
          const rows = await documentExportRows(query, (key) => t(`documents.${key}`));
          return exportResponse(
            exportFile({
              format,
              name: `documents-${query.from}-${query.to}`,
              sheet: t('documents.export.sheet'),
              columns: DOCUMENT_EXPORT_COLUMNS.map(([key, kind]) => ({ key, header: t(`documents.export.${key}`), kind, currency: 'currency' })),
              batches: oneBatch(rows),
              locale,
              what: `documents of ${query.organisation}`,
            }),
          );
        },
      }),
    ),
  ],
});
