import { getTranslations } from 'next-intl/server';
import { ConsoleFrame } from '@/components/organiser/console-frame';
import { PackageCreateForm, PackageList } from '@/components/packages/organiser-packages';
import type { Locale } from '@/lib/i18n/routing';
import { consolePage } from '@/lib/server/organiser/console';
import { listPackages } from '@/lib/server/packages/organiser';
import { orgScreenMetadata, orgScreenPage } from '../console-page';

export const generateMetadata = orgScreenMetadata('/organiser/packages', 'packages.organiser.title');

/** The current organisation's packages (family tickets, festival passes, add-ons) and a form for a new one. */
async function PackagesScreen({ locale }: { locale: Locale }) {
  const access = await consolePage(locale, '/organiser/packages', 'events');
  const t = await getTranslations('packages.organiser');
  if (!access.ok) return <ConsoleFrame access={access} title={t('title')} />;
  const result = await listPackages(access.context.user.id, access.org.id);
  return (
    <ConsoleFrame access={access} title={t('title')}>
      <div className="space-y-8">
        <p className="max-w-3xl text-slate-700">{t('intro')}</p>
        {result.ok && <PackageList packages={result.packages} events={result.events} locale={locale} />}
        {result.ok && <PackageCreateForm orgId={access.org.id} events={result.events} locale={locale} />}
      </div>
    </ConsoleFrame>
  );
}

export default orgScreenPage(PackagesScreen);
