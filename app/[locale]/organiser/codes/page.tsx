import { getTranslations } from 'next-intl/server';
import { ConsoleFrame } from '@/components/organiser/console-frame';
import { CouponsPanel } from '@/components/organiser/coupons-panel';
import { RedeemPanel } from '@/components/organiser/redeem-panel';
import type { Locale } from '@/lib/i18n/routing';
import { consolePage } from '@/lib/server/organiser/console';
import { listCoupons } from '@/lib/server/coupons/organiser';
import { listRedeemBatches, redeemEventOptions } from '@/lib/server/coupons/redeem-codes';
import { orgScreenMetadata, orgScreenPage } from '../console-page';

export const generateMetadata = orgScreenMetadata('/organiser/codes', 'organiser.codes.title');

/** The current organisation's coupons and redeem code batches. */
async function CodesScreen({ locale }: { locale: Locale }) {
  const access = await consolePage(locale, '/organiser/codes', 'events');
  const t = await getTranslations('organiser.codes');
  if (!access.ok) return <ConsoleFrame access={access} title={t('title')} />;
  const userId = access.context.user.id;
  const orgId = access.org.id;
  const [coupons, batches, events] = await Promise.all([listCoupons(userId, orgId, locale), listRedeemBatches(userId, orgId, locale), redeemEventOptions(userId, orgId, locale)]);
  return (
    <ConsoleFrame access={access} title={t('title')}>
      <div className="space-y-12">
        {coupons.ok && events.ok && <CouponsPanel orgId={orgId} coupons={coupons.coupons} events={events.events} />}
        {batches.ok && events.ok && <RedeemPanel batches={batches.batches} events={events.events} />}
      </div>
    </ConsoleFrame>
  );
}

export default orgScreenPage(CodesScreen);
