import { Suspense } from 'react';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AnnouncementsPanel } from '@/components/notifications/announcements-panel';
import { ConsoleFrame, ConsoleSkeleton } from '@/components/organiser/console-frame';
import { SeasonEditor } from '@/components/seasons/organiser-seasons';
import { SeasonCancel } from '@/components/seasons/season-cancel';
import { SeasonHoldersPanel } from '@/components/seasons/season-holders';
import { SeasonReleasesPanel } from '@/components/seasons/season-releases';
import { SeasonTemplate } from '@/components/seasons/season-template';
import { seasonHoldersQuerySchema } from '@/lib/schemas/season-holders';
import { seasonHolders } from '@/lib/server/seasons/holders';
import { isUuid } from '@/lib/ids';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { listSeasonAnnouncements } from '@/lib/server/notifications/announcements';
import { consolePage } from '@/lib/server/organiser/console';
import { getSeason } from '@/lib/server/seasons/organiser';
import { seasonReleasesReport } from '@/lib/server/seasons/releases-report';
import { consoleMetadata } from '../../metadata';

export async function generateMetadata({ params }: PageProps<'/[locale]/organiser/seasons/[seasonId]'>) {
  const { locale, seasonId } = await params;
  return consoleMetadata(locale as Locale, { pathname: '/organiser/seasons/[seasonId]', params: { seasonId } }, 'seasons.organiser.title');
}

/** One season of the caller's organisation and the seats its holders released; another organisation's is a 404 page. */
async function SeasonScreen({ locale, seasonId, query }: { locale: Locale; seasonId: string; query: Promise<Record<string, string | string[] | undefined>> }) {
  const access = await consolePage(locale, { pathname: '/organiser/seasons/[seasonId]', params: { seasonId } }, 'events');
  const t = await getTranslations('seasons.organiser');
  const tq = await getTranslations('queue.organiser');
  if (!access.ok) return <ConsoleFrame access={access} title={t('title')} />;
  if (!isUuid(seasonId)) notFound();
  // ?match= narrows the released seats to one match (an id that is no match of the season shows none).
  const { match, ...rest } = await query;
  const eventId = typeof match === 'string' && isUuid(match) ? match : undefined;
  // ?renewed=&category=&mail= filter the holders; anything malformed shows everyone.
  const filters = seasonHoldersQuerySchema.safeParse(rest).data ?? {};
  const [result, releases, holders, announcements] = await Promise.all([
    getSeason(access.context.user.id, seasonId),
    seasonReleasesReport(access.context.user.id, seasonId, { eventId }),
    seasonHolders(access.context.user.id, seasonId, filters, locale),
    listSeasonAnnouncements(access.context.user, seasonId),
  ]);
  if (!result.ok || !releases.ok || !holders.ok || !announcements.ok) notFound();
  return (
    <ConsoleFrame access={access} title={result.season.name[locale]}>
      <div className="space-y-6">
        <div className="flex flex-wrap gap-x-6">
          <Link href="/organiser/seasons" className="inline-flex min-h-11 items-center font-medium text-emerald-800 underline">
            {t('back')}
          </Link>
          <Link href={{ pathname: '/organiser/seasons/[seasonId]/waiting-room', params: { seasonId } }} className="inline-flex min-h-11 items-center font-medium text-emerald-800 underline" data-testid="season-waiting-room">
            {tq('title')}
          </Link>
        </div>
        <SeasonEditor season={result.season} locale={locale} />
        <SeasonTemplate season={result.season} locale={locale} />
        <SeasonHoldersPanel seasonId={seasonId} list={holders.list} categories={result.season.categories} filters={filters} locale={locale} />
        <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          <AnnouncementsPanel target={{ seasonId }} initial={announcements.announcements} />
        </div>
        <SeasonReleasesPanel report={releases.report} sharePercent={result.season.releaseSharePercent} matches={result.season.matches} matchId={eventId ?? null} />
        <SeasonCancel season={result.season} />
      </div>
    </ConsoleFrame>
  );
}

// The id is only known at request time (like /orders/{id}): the page may block on it.
export const instant = false;

export default async function SeasonPage({ params, searchParams }: PageProps<'/[locale]/organiser/seasons/[seasonId]'>) {
  const { locale, seasonId } = await params;
  setRequestLocale(locale as Locale);
  return (
    <Suspense fallback={<ConsoleSkeleton />}>
      <SeasonScreen locale={locale as Locale} seasonId={seasonId} query={searchParams} />
    </Suspense>
  );
}
