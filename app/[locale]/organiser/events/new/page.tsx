import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ConsoleFrame, ConsoleSkeleton } from '@/components/organiser/console-frame';
import { EventForm } from '@/components/organiser/events/event-form';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { consolePage } from '@/lib/server/organiser/console';
import { venueChoices } from '@/lib/server/events/edit';
import { orgScreenMetadata } from '../../console-page';

export const generateMetadata = orgScreenMetadata('/organiser/events/new', 'organiser.events.newTitle');

/** A new draft of the current organisation; saved, it opens in the editor. */
async function NewEvent({ params }: Pick<PageProps<'/[locale]/organiser/events/new'>, 'params'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const access = await consolePage(locale, '/organiser/events/new', 'events');
  const t = await getTranslations('organiser.events');
  if (!access.ok) return <ConsoleFrame access={access} title={t('newTitle')} />;
  const venues = await venueChoices(access.context.user.id, access.org.id);
  const list = venues.ok ? venues.venues : [];
  return (
    <ConsoleFrame access={access} title={t('newTitle')}>
      <p className="text-slate-700">{t('lead')}</p>
      {list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-slate-700">
          {t('noVenues')}{' '}
          <Link href="/organiser/venues" className="font-medium text-emerald-800 underline">
            {t('venuesLink')}
          </Link>
        </p>
      ) : (
        <EventForm orgId={access.org.id} venues={list} event={null} locked={false} defaults={venues.ok ? venues.defaults : { language: 'sk', currency: 'EUR' }} />
      )}
    </ConsoleFrame>
  );
}

export default function NewEventPage({ params }: PageProps<'/[locale]/organiser/events/new'>) {
  return (
    <Suspense fallback={<ConsoleSkeleton />}>
      <NewEvent params={params} />
    </Suspense>
  );
}
