import { textIn } from '@/lib/localized-text';
import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ConsoleFrame, ConsoleSkeleton } from '@/components/organiser/console-frame';
import { STATUS_STYLE, shownStatus } from '@/components/organiser/event-header';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { consolePage } from '@/lib/server/organiser/console';
import { listOrganiserEvents } from '@/lib/server/events/edit';
import { consoleMetadata } from '../metadata';
import { formatDate } from '@/lib/i18n/formats';

const SHOWS = ['upcoming', 'past', 'drafts'] as const;
type Show = (typeof SHOWS)[number];

export async function generateMetadata({ params }: PageProps<'/[locale]/organiser/events'>) {
  return consoleMetadata((await params).locale as Locale, '/organiser/events', 'organiser.events.title');
}

/** The current organisation's events, drafts too: upcoming (published, not yet started), past, or drafts. */
async function EventList({ locale, show }: { locale: Locale; show: Show }) {
  const access = await consolePage(locale, '/organiser/events', 'events');
  const t = await getTranslations('organiser');
  const newEvent = (
    <Link href="/organiser/events/new" className="inline-flex min-h-11 items-center rounded-lg bg-emerald-800 px-4 py-2 font-medium text-white hover:bg-emerald-700">
      {t('events.new')}
    </Link>
  );
  if (!access.ok) return <ConsoleFrame access={access} title={t('events.title')} />;
  const result = await listOrganiserEvents(access.context.user.id, access.org.id);
  const all = result.ok ? result.events : [];
  const now = Date.now();
  const shown = all.filter((e) => {
    if (show === 'drafts') return e.status === 'draft';
    const past = new Date(e.startsAt).getTime() <= now;
    return e.status !== 'draft' && (show === 'past' ? past : !past);
  });
  if (show === 'upcoming') shown.reverse();

  return (
    <ConsoleFrame access={access} title={t('events.title')} actions={newEvent}>
      <nav aria-label={t('events.filter.label')}>
        <ul className="flex flex-wrap gap-2">
          {SHOWS.map((s) => (
            <li key={s}>
              <Link
                href={{ pathname: '/organiser/events', query: s === 'upcoming' ? {} : { show: s } }}
                aria-current={s === show ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium ${s === show ? 'border-emerald-800 bg-emerald-800 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`}
              >
                {t(`events.filter.${s}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {shown.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-slate-700">{t('events.empty')}</p>
      ) : (
        <ul aria-label={t('events.listLabel')} className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {shown.map((e) => (
            <li key={e.id}>
              <Link
                href={{ pathname: '/organiser/events/[eventId]', params: { eventId: e.id } }}
                className="flex min-h-11 flex-col gap-1 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 sm:flex-row sm:items-center sm:justify-between"
              >
                <span className="font-medium text-slate-900">{textIn(e.title, locale)}</span>
                <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
                  <span className={`rounded-full px-2.5 py-0.5 font-medium ${STATUS_STYLE[shownStatus(e)]}`}>{t(`eventStatus.${shownStatus(e)}`)}</span>
                  <time dateTime={e.startsAt}>{formatDate(new Date(e.startsAt), locale, { dateStyle: 'medium', timeStyle: 'short' })}</time>
                  <span>{e.venue.name}</span>
                  <span>{t('events.sold', { sold: e.sold, capacity: e.capacity })}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </ConsoleFrame>
  );
}

export default function OrganiserEventsPage({ params, searchParams }: PageProps<'/[locale]/organiser/events'>) {
  return (
    <Suspense fallback={<ConsoleSkeleton />}>
      <Shown params={params} searchParams={searchParams} />
    </Suspense>
  );
}

/** The URL is read inside the Suspense boundary: the console's shell streams at once. */
async function Shown({ params, searchParams }: Pick<PageProps<'/[locale]/organiser/events'>, 'params' | 'searchParams'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const show = (await searchParams).show;
  return <EventList locale={locale} show={SHOWS.includes(show as Show) ? (show as Show) : 'upcoming'} />;
}
