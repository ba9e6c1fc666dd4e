import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SelectField, TextField } from '@/components/auth/form-parts';
import { formatMoney } from '@/components/events/format';
import { ConsoleFrame, ConsoleSkeleton } from '@/components/organiser/console-frame';
import { formatDate } from '@/lib/i18n/formats';
import type { Locale } from '@/lib/i18n/routing';
import { DOCUMENT_KINDS, DOCUMENT_PURPOSES, documentQuerySchema } from '@/lib/schemas/documents';
import { listOrganisationDocuments } from '@/lib/server/documents/read';
import { consolePage } from '@/lib/server/organiser/console';
import { currentMonth } from '@/lib/server/reports/settlement';
import { orgScreenMetadata } from '../console-page';

export const generateMetadata = orgScreenMetadata('/organiser/documents', 'documents.ui.console.title');

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * The organisation's tax documents of a period (this month by default), filtered by kind and purpose from
 * the URL (a GET form: works without JavaScript), each with its PDF, and the accountant's export.
 */
async function DocumentsScreen({ locale, searchParams }: { locale: Locale; searchParams: Promise<Search> }) {
  const access = await consolePage(locale, '/organiser/documents', 'payouts');
  const t = await getTranslations('documents.ui.console');
  const ui = await getTranslations('documents.ui');
  const labels = await getTranslations('documents');
  if (!access.ok) return <ConsoleFrame access={access} title={t('title')} />;
  const search = await searchParams;
  const month = currentMonth();
  const values = { from: one(search.from) || month.from, to: one(search.to) || month.to, kind: one(search.kind) || '', purpose: one(search.purpose) || '' };
  const parsed = documentQuerySchema.safeParse({ organisation: access.org.id, from: values.from, to: values.to, kind: values.kind || undefined, purpose: values.purpose || undefined });
  const tr = await getTranslations();
  const errors = parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), (tr as unknown as (key: string) => string)(issue.message)]));
  const documents = parsed.success ? await listOrganisationDocuments(parsed.data) : [];
  const exportQuery = parsed.success
    ? new URLSearchParams({ organisation: access.org.id, from: parsed.data.from, to: parsed.data.to, ...(parsed.data.kind ? { kind: parsed.data.kind } : {}), ...(parsed.data.purpose ? { purpose: parsed.data.purpose } : {}) }).toString()
    : null;
  return (
    <ConsoleFrame access={access} title={t('title')}>
      <div className="space-y-6">
        <p className="max-w-3xl text-slate-700">{t('intro')}</p>
        <form method="get" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" aria-label={t('title')}>
          <div className="grid gap-4 sm:grid-cols-4">
            <TextField type="date" name="from" label={t('from')} defaultValue={values.from} error={errors.from} required />
            <TextField type="date" name="to" label={t('to')} defaultValue={values.to} error={errors.to} required />
            <SelectField name="kind" label={t('kind')} defaultValue={values.kind} error={errors.kind}>
              <option value="">{t('all')}</option>
              {DOCUMENT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {labels(`kind.${kind}`)}
                </option>
              ))}
            </SelectField>
            <SelectField name="purpose" label={t('purpose')} defaultValue={values.purpose} error={errors.purpose}>
              <option value="">{t('all')}</option>
              {DOCUMENT_PURPOSES.map((purpose) => (
                <option key={purpose} value={purpose}>
                  {labels(`purpose.${purpose}`)}
                </option>
              ))}
            </SelectField>
          </div>
          <button type="submit" className="min-h-11 rounded-lg bg-emerald-800 px-5 py-2 font-medium text-white hover:bg-emerald-700 focus:outline-none focus:ring-2 focus:ring-emerald-700/40 focus:ring-offset-2">
            {t('show')}
          </button>
        </form>
        {exportQuery && (
          <p className="flex flex-wrap gap-3">
            <a href={`/api/v1/organiser/documents.csv?${exportQuery}`} download className="rounded-lg border border-slate-300 px-4 py-2 font-medium">
              {t('csv')}
            </a>
            <a href={`/api/v1/organiser/documents.xlsx?${exportQuery}`} download className="rounded-lg border border-slate-300 px-4 py-2 font-medium">
              {t('xlsx')}
            </a>
          </p>
        )}
        {documents.length === 0 ? (
          <p className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-slate-700">{t('none')}</p>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="w-full text-left text-sm" data-testid="documents-table">
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className="px-3 py-2">{t('number')}</th>
                  <th scope="col" className="px-3 py-2">{t('kind')}</th>
                  <th scope="col" className="px-3 py-2">{t('issued')}</th>
                  <th scope="col" className="px-3 py-2">{t('buyer')}</th>
                  <th scope="col" className="px-3 py-2 text-right">{t('vat')}</th>
                  <th scope="col" className="px-3 py-2 text-right">{t('total')}</th>
                  <th scope="col" className="px-3 py-2">{t('pdf')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {documents.map((document) => (
                  <tr key={document.id} data-testid="document-row">
                    <td className="px-3 py-2 font-medium tabular-nums">{document.number}</td>
                    <td className="px-3 py-2">
                      {labels(`kind.${document.kind}`)} · {labels(`purpose.${document.purpose}`)}
                      {document.refersTo && <span className="block text-slate-600">{ui('refersTo', { number: document.refersTo })}</span>}
                    </td>
                    <td className="px-3 py-2">{formatDate(new Date(document.issuedAt), locale, { day: 'numeric', month: 'numeric', year: 'numeric' })}</td>
                    <td className="px-3 py-2">{document.buyer}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatMoney(document.vat, locale)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatMoney(document.total, locale)}</td>
                    <td className="px-3 py-2">
                      <a href={document.pdfUrl} download className="underline">
                        {ui('download', { number: document.number })}
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </ConsoleFrame>
  );
}

export default async function DocumentsPage({ params, searchParams }: PageProps<'/[locale]/organiser/documents'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  return (
    <Suspense fallback={<ConsoleSkeleton />}>
      <DocumentsScreen locale={locale} searchParams={searchParams} />
    </Suspense>
  );
}
