import { getTranslations } from 'next-intl/server';
import { formatMoney } from '@/components/events/format';
import type { Locale } from '@/lib/i18n/routing';
import { listOrderDocuments } from '@/lib/server/documents/read';

/** The order's tax documents (invoices and credit notes), each a PDF to download. Nothing when there are none. */
export async function OrderDocuments({ userId, orderId, locale }: { userId: string; orderId: string; locale: Locale }) {
  const documents = await listOrderDocuments(userId, orderId);
  if (!documents?.length) return null;
  const t = await getTranslations('documents.ui');
  return (
    <section aria-labelledby="order-documents-title" className="rounded-xl border border-slate-200 bg-white p-4" data-testid="order-documents">
      <h2 id="order-documents-title" className="font-semibold">
        {t('title')}
      </h2>
      <ul className="mt-2 divide-y divide-slate-100">
        {documents.map((document) => (
          <li key={document.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              {t(`${document.kind}.${document.purpose}`, { number: document.number })}
              {document.refersTo && <span className="block text-sm text-slate-600">{t('refersTo', { number: document.refersTo })}</span>}
            </span>
            <span className="flex items-center gap-3">
              <span className="tabular-nums">{formatMoney(document.total, locale)}</span>
              <a href={document.pdfUrl} download className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium underline-offset-2 hover:underline" data-testid="document-download">
                {t('download', { number: document.number })}
              </a>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
