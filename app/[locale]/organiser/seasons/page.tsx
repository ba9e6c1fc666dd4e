import { getTranslations } from 'next-intl/server';
import { ConsoleFrame } from '@/components/organiser/console-frame';
import { SeasonCreateForm, SeasonList } from '@/components/seasons/organiser-seasons';
import type { Locale } from '@/lib/i18n/routing';
import { consolePage } from '@/lib/server/organiser/console';
import { listVenues } from '@/lib/server/venues/venues';
import { listSeasons } from '@/lib/server/seasons/organiser';
import { orgScreenMetadata, orgScreenPage } from '../console-page';

export const generateMetadata = orgScreenMetadata('/organiser/seasons', 'seasons.organiser.title');

/** The current organisation's seasons and a form for a new one. */
async function SeasonsScreen({ locale }: { locale: Locale }) {
  const access = await consolePage(locale, '/organiser/seasons', 'events');
  const t = await getTranslations('seasons.organiser');
  if (!access.ok) return <ConsoleFrame access={access} title={t('title')} />;
  const userId = access.context.user.id;
  const orgId = access.org.id;
  const [seasons, venues] = await Promise.all([listSeasons(userId, orgId), listVenues(userId, orgId)]);
  return (
    <ConsoleFrame access={access} title={t('title')}>
      <div className="space-y-8">
        <p className="text-slate-700">{t('intro')}</p>
        {seasons.ok && <SeasonList seasons={seasons.seasons} locale={locale} />}
        {seasons.ok && venues.ok && venues.venues.length > 0 && (
          <SeasonCreateForm
            orgId={orgId}
            venues={venues.venues.map((v) => ({ id: v.id, name: `${v.name}, ${v.city}` }))}
            seasons={seasons.seasons.map((s) => ({ id: s.id, name: s.name[locale] }))}
          />
        )}
      </div>
    </ConsoleFrame>
  );
}

export default orgScreenPage(SeasonsScreen);
