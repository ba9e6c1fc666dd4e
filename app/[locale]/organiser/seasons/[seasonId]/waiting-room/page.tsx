import { Suspense } from 'react';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ConsoleFrame, ConsoleSkeleton } from '@/components/organiser/console-frame';
import { WaitingRoomForm } from '@/components/queue/waiting-room-form';
import { TitledSection } from '@/components/ui/titled-section';
import { isUuid } from '@/lib/ids';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { consolePage } from '@/lib/server/organiser/console';
import { getWaitingRoom } from '@/lib/server/queue/organiser';
import { getSeason } from '@/lib/server/seasons/organiser';
import { consoleMetadata } from '../../../metadata';

export async function generateMetadata({ params }: PageProps<'/[locale]/organiser/seasons/[seasonId]/waiting-room'>) {
  const { locale, seasonId } = await params;
  return consoleMetadata(locale as Locale, { pathname: '/organiser/seasons/[seasonId]/waiting-room', params: { seasonId } }, 'queue.organiser.title');
}

/** A queued season ticket sale: the same waiting room as an event's (settings, presale codes, live figures), for owners and managers. */
async function SeasonWaitingRoomScreen({ locale, seasonId }: { locale: Locale; seasonId: string }) {
  const access = await consolePage(locale, { pathname: '/organiser/seasons/[seasonId]/waiting-room', params: { seasonId } }, 'events');
  const t = await getTranslations('queue.organiser');
  if (!access.ok) return <ConsoleFrame access={access} title={t('title')} />;
  if (!isUuid(seasonId)) notFound();
  const [season, room] = await Promise.all([getSeason(access.context.user.id, seasonId), getWaitingRoom(access.context.user.id, { kind: 'season', id: seasonId })]);
  if (!season.ok || !room.ok) notFound();
  return (
    <ConsoleFrame access={access} title={season.season.name[locale]}>
      <div className="space-y-6">
        <Link href={{ pathname: '/organiser/seasons/[seasonId]', params: { seasonId } }} className="inline-flex min-h-11 items-center font-medium text-emerald-800 underline">
          {t('backToSeason')}
        </Link>
        <TitledSection id="waiting-room-title" title={t('title')} className="space-y-4">
          <p className="max-w-2xl text-slate-700">{t('seasonIntro')}</p>
          <WaitingRoomForm url={`/api/v1/organiser/seasons/${seasonId}/waiting-room`} codesFile={seasonId} initial={{ room: room.room, defaultRatePerMinute: room.defaultRatePerMinute }} />
        </TitledSection>
      </div>
    </ConsoleFrame>
  );
}

// The id is only known at request time: the page may block on it.
export const instant = false;

export default async function SeasonWaitingRoomPage({ params }: PageProps<'/[locale]/organiser/seasons/[seasonId]/waiting-room'>) {
  const { locale, seasonId } = await params;
  setRequestLocale(locale as Locale);
  return (
    <Suspense fallback={<ConsoleSkeleton />}>
      <SeasonWaitingRoomScreen locale={locale as Locale} seasonId={seasonId} />
    </Suspense>
  );
}
