import { connection } from 'next/server';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { EventCard, EventGrid } from '@/components/events/event-card';
import { SearchForm } from '@/components/events/search-form';
import { Link } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';
import { cachedEventList } from '@/lib/server/events';

export async function generateMetadata({ params }: PageProps<'/[locale]'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'meta' });
  return pageMetadata({ locale, href: '/', title: `${t('siteName')} · ${t('tagline')}`, description: t('description') });
}

/** The soonest events. At request time only (the build has no database); the data comes from the catalogue cache. */
async function UpcomingEvents({ locale }: { locale: Locale }) {
  await connection();
  const [list, t] = await Promise.all([cachedEventList({ page: 1, pageSize: 6 }), getTranslations('home')]);
  if (!list.items.length) return <p className="rounded-xl bg-white p-6 text-slate-700">{t('noUpcoming')}</p>;
  return (
    <EventGrid>
      {list.items.map((event, i) => (
        <EventCard key={event.id} priority={i === 0} event={{ ...event, title: event.title[locale] }} />
      ))}
    </EventGrid>
  );
}

// Rendered whole at request time, the soonest events in the first HTML and not streamed into a prerendered shell
// (issue 17, Lighthouse): React holds back the reveal of a streamed Suspense boundary until 300 ms after
// the shell has painted, which made the first event picture (the page's LCP) wait for it and for the
// hydration scripts meanwhile; the picture's preload now stands in the <head>. The metadata is in the
// <head> too (streamed, it came in <body>, where Lighthouse's meta-description audit does not look).
// The page costs one catalogue-cache read, and the page cache (lib/server/serving/page-cache.ts) shares it anyway.
export const instant = false;

export default async function HomePage({ params }: PageProps<'/[locale]'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('home');
  return (
    <div className="space-y-10">
      <section className="rounded-2xl bg-emerald-900 px-6 py-10 text-white md:px-10">
        <h1 className="max-w-2xl text-3xl font-bold md:text-4xl">{t('title')}</h1>
        <p className="mt-4 max-w-2xl text-emerald-50">{t('intro')}</p>
        <div className="mt-6 max-w-xl">
          <SearchForm />
        </div>
      </section>
      <section aria-labelledby="upcoming" className="space-y-5">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="upcoming" className="text-2xl font-semibold">
            {t('upcoming')}
          </h2>
          <Link href="/events" className="rounded-lg bg-emerald-800 px-4 py-2 font-medium text-white hover:bg-emerald-700">
            {t('viewAll')}
          </Link>
        </div>
        <UpcomingEvents locale={locale} />
      </section>
    </div>
  );
}
