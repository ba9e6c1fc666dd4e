import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import type { EventListQuery } from '@/lib/schemas/events';

function queryFor(query: EventListQuery, page: number) {
  const out: Record<string, string> = {};
  if (query.q) out.q = query.q;
  if (query.category) out.category = query.category;
  if (query.from) out.from = query.from;
  if (query.to) out.to = query.to;
  if (page > 1) out.page = String(page);
  return out;
}

export async function Pagination({ query, page, pageCount }: { query: EventListQuery; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const t = await getTranslations('events');
  const button = 'rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-emerald-900 hover:bg-slate-50';
  return (
    <nav aria-label={t('pagination')} className="flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link href={{ pathname: '/events', query: queryFor(query, page - 1) }} className={button} rel="prev">
          {t('previous')}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-700" aria-current="page">
        {t('pageOf', { page, count: pageCount })}
      </span>
      {page < pageCount ? (
        <Link href={{ pathname: '/events', query: queryFor(query, page + 1) }} className={button} rel="next">
          {t('next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
