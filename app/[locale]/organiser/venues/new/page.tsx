import { getTranslations } from 'next-intl/server';
import { ConsoleFrame } from '@/components/organiser/console-frame';
import { VenueForm } from '@/components/organiser/venues/venue-form';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { consolePage } from '@/lib/server/organiser/console';
import { orgScreenMetadata, orgScreenPage } from '../../console-page';

export const generateMetadata = orgScreenMetadata('/organiser/venues/new', 'organiser.venues.newTitle');

async function NewVenue({ locale }: { locale: Locale }) {
  const access = await consolePage(locale, '/organiser/venues/new', 'events');
  const t = await getTranslations('organiser.venues');
  return (
    <ConsoleFrame access={access} title={t('newTitle')}>
      <Link href="/organiser/venues" className="text-sm text-emerald-800 underline">
        {t('back')}
      </Link>
      {access.ok && (
        <div className="max-w-2xl rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          <VenueForm organisation={access.org.id} />
        </div>
      )}
    </ConsoleFrame>
  );
}

export default orgScreenPage(NewVenue);
