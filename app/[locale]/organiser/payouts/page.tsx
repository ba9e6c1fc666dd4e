import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ConsoleFrame, ConsoleSkeleton } from '@/components/organiser/console-frame';
import { OrganiserPayoutsList } from '@/components/organiser/organiser-payouts-list';
import type { Locale } from '@/lib/i18n/routing';
import { roleCan } from '@/lib/server/organiser/access';
import { consolePage } from '@/lib/server/organiser/console';
import { organiserPayouts } from '@/lib/server/payouts/organisers';
import { orgScreenMetadata } from '../console-page';

export const generateMetadata = orgScreenMetadata('/organiser/payouts', 'organiser.payouts.title');

/** The current organisation's payouts (owner and manager): per settlement period or event, figures, status and when paid. */
async function PayoutsScreen({ locale }: { locale: Locale }) {
  const access = await consolePage(locale, '/organiser/payouts', 'payout-list');
  const t = await getTranslations('organiser.payouts');
  if (!access.ok) return <ConsoleFrame access={access} title={t('title')} />;
  const result = await organiserPayouts(access.context.user.id, access.org.id, locale);
  return (
    <ConsoleFrame access={access} title={t('title')}>
      <div className="space-y-8">
        <p className="max-w-3xl text-slate-700">{t('intro')}</p>
        {result.ok && <OrganiserPayoutsList data={result.result} canSeeSettlement={roleCan(access.org.role, 'payouts')} />}
      </div>
    </ConsoleFrame>
  );
}

export default async function PayoutsPage({ params }: PageProps<'/[locale]/organiser/payouts'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  return (
    <Suspense fallback={<ConsoleSkeleton />}>
      <PayoutsScreen locale={locale} />
    </Suspense>
  );
}
