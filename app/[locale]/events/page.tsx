import { connection } from 'next/server';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { EventCard, EventGrid } from '@/components/events/event-card';
import { EventFilters } from '@/components/events/event-filters';
import { Pagination } from '@/components/events/pagination';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';
import { parseEventListParams } from '@/lib/schemas/events';
import { cachedEventList } from '@/lib/server/events';

export async function generateMetadata({ params }: PageProps<'/[locale]/events'>) {
  const locale = (await params).locale as Locale;
  const [t, seo] = await Promise.all([getTranslations({ locale, namespace: 'events' }), getTranslations({ locale, namespace: 'seo' })]);
  return pageMetadata({ locale, href: '/events', title: t('title'), description: seo('eventsDescription') });
}

/** What the fan searched for, to quote in the no-results text: the words, else the category and dates. */
function describeFilters(query: ReturnType<typeof parseEventListParams>, t: Awaited<ReturnType<typeof getTranslations<'events'>>>) {
  if (query.q) return query.q;
  const parts = [query.category ? t(`categories.${query.category}`) : '', [query.from, query.to].filter(Boolean).join(' – ')];
  return parts.filter(Boolean).join(', ');
}

async function EventResults({ locale, searchParams }: { locale: Locale; searchParams: PageProps<'/[locale]/events'>['searchParams'] }) {
  await connection();
  const query = parseEventListParams(await searchParams);
  const [list, t] = await Promise.all([cachedEventList(query), getTranslations('events')]);
  const filtered = Boolean(query.q || query.category || query.from || query.to);
  return (
    <div className="space-y-6">
      <EventFilters query={query} />
      {list.items.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-slate-700" role="status">
          {filtered ? t('noResults', { query: describeFilters(query, t) }) : t('empty')}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700" role="status">
            {t('results', { count: list.total })}
          </p>
          <EventGrid>
            {list.items.map((event, i) => (
              <EventCard key={event.id} priority={i === 0} heading="h2" event={{ ...event, title: event.title[locale] }} />
            ))}
          </EventGrid>
          <Pagination query={query} page={list.page} pageCount={list.pageCount} />
        </>
      )}
    </div>
  );
}

// Rendered whole at request time, the results in the first HTML and not streamed into a prerendered shell
// (issue 17, Lighthouse): React holds back the reveal of a streamed Suspense boundary until 300 ms after
// the shell has painted, which made the first event picture (the page's LCP) wait for it and for the
// hydration scripts meanwhile; the picture's preload now stands in the <head>. The metadata is in the
// <head> too (streamed, it came in <body>, where Lighthouse's meta-description audit does not look).
// The page costs one catalogue-cache read, and the page cache (lib/server/serving/page-cache.ts) shares it anyway.
export const instant = false;

export default async function EventsPage({ params, searchParams }: PageProps<'/[locale]/events'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('events');
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <EventResults locale={locale} searchParams={searchParams} />
    </div>
  );
}
