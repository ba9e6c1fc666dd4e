import { getTranslations } from 'next-intl/server';
import { sql } from 'drizzle-orm';
import { formatMoney } from '@/components/events/format';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { getDb, tables } from '@/lib/server/db';
import { organisationDocumentsWhere } from '@/lib/server/documents/read';

/** Under the settlement: the tax documents of its period (how many of each kind, their totals and VAT), linked to the Documents screen. */
export async function SettlementDocuments({ organisation, from, to, locale }: { organisation: string; from: string; to: string; locale?: Locale }) {
  const t = await getTranslations('documents.ui.settlement');
  const labels = await getTranslations('documents');
  const d = tables.taxDocuments;
  const rows = await getDb()
    .select({ kind: d.kind, currency: d.currency, count: sql<number>`count(*)::int`, total: sql<number>`sum(${d.totalGross})::int`, vat: sql<number>`sum(${d.totalVat})::int` })
    .from(d)
    .where(organisationDocumentsWhere({ organisation, from, to }))
    .groupBy(d.kind, d.currency)
    .orderBy(d.kind, d.currency);
  const lang = locale ?? 'sk';
  return (
    <section aria-labelledby="settlement-documents" className="rounded-xl border border-slate-200 bg-white p-4" data-testid="settlement-documents">
      <h2 id="settlement-documents" className="text-lg font-semibold">
        {t('title')}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-slate-700">{t('none')}</p>
      ) : (
        <ul className="mt-2 space-y-1">
          {rows.map((row) => (
            <li key={`${row.kind}-${row.currency}`}>
              {t('line', {
                kind: labels(`kind.${row.kind}`),
                count: Number(row.count),
                total: formatMoney({ amount: Number(row.total), currency: row.currency }, lang),
                vat: formatMoney({ amount: Number(row.vat), currency: row.currency }, lang),
              })}
            </li>
          ))}
        </ul>
      )}
      <Link href={{ pathname: '/organiser/documents', query: { from, to } }} className="mt-3 inline-block text-emerald-800 underline">
        {t('link')}
      </Link>
    </section>
  );
}
