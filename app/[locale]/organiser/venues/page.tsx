import { getTranslations } from 'next-intl/server';
import { ConsoleFrame } from '@/components/organiser/console-frame';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { consolePage } from '@/lib/server/organiser/console';
import { listVenues } from '@/lib/server/venues/venues';
import { orgScreenMetadata, orgScreenPage } from '../console-page';

export const generateMetadata = orgScreenMetadata('/organiser/venues', 'organiser.venues.title');

/** The current organisation's venues, each with its sections, seats and events, and "New venue". */
async function Venues({ locale }: { locale: Locale }) {
  const access = await consolePage(locale, '/organiser/venues', 'events');
  const t = await getTranslations('organiser.venues');
  const result = access.ok ? await listVenues(access.context.user.id, access.org.id) : null;
  const venues = result?.ok ? result.venues : [];
  return (
    <ConsoleFrame
      access={access}
      title={t('title')}
      actions={
        <Link href="/organiser/venues/new" className="inline-flex min-h-11 items-center rounded-lg bg-emerald-800 px-4 py-2 font-medium text-white hover:bg-emerald-700">
          {t('new')}
        </Link>
      }
    >
      {venues.length === 0 ? (
        <p className="text-slate-700">{t('empty')}</p>
      ) : (
        <ul aria-label={t('listLabel')} className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {venues.map((venue) => (
            <li key={venue.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <h2 className="font-semibold">{venue.name}</h2>
                <p className="text-sm text-slate-700">
                  {venue.address}, {venue.city} · {t('eventsCount', { count: venue.events })}
                </p>
                <p className="text-sm text-slate-700">{t('counts', { sections: venue.sections, seats: venue.seats, standing: venue.standingCapacity })}</p>
              </div>
              <Link
                href={{ pathname: '/organiser/venues/[venueId]', params: { venueId: venue.id } }}
                className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50"
              >
                {t('open', { name: venue.name })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </ConsoleFrame>
  );
}

export default orgScreenPage(Venues);
