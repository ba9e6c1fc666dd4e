import { getTranslations } from 'next-intl/server';
import { ConsoleFrame } from '@/components/organiser/console-frame';
import { OrgSettingsForm } from '@/components/organiser/org-settings-form';
import { ResalePolicyForm } from '@/components/organiser/resale-policy-form';
import { LoyaltyProgramForm } from '@/components/organiser/loyalty-program-form';
import type { Locale } from '@/lib/i18n/routing';
import { consolePage } from '@/lib/server/organiser/console';
import { getOrgSettings } from '@/lib/server/team/settings';
import { getLoyaltyProgram } from '@/lib/server/loyalty/program';
import { orgScreenMetadata, orgScreenPage } from '../console-page';
import { TitledSection } from '@/components/ui/titled-section';
import { LegalProfileForm } from '@/components/onboarding/legal-profile-form';
import { formatDate } from '@/lib/i18n/formats';
import { formatMoney } from '@/lib/money';
import { getLegalProfile, PROFILE_COOLING_DAYS } from '@/lib/server/onboarding/legal-profile';
import { PayoutScheduleForm } from '@/components/onboarding/payout-schedule-form';
import { payoutWaitHours } from '@/lib/server/payouts/state';

export const generateMetadata = orgScreenMetadata('/organiser/settings', 'organiser.settings.title');

/** The current organisation's name and contacts, and the resale rules its new events start with. */
async function SettingsScreen({ locale }: { locale: Locale }) {
  const access = await consolePage(locale, '/organiser/settings', 'events');
  const t = await getTranslations('organiser.settings');
  const [loaded, loyalty, legal] = access.ok
    ? await Promise.all([
        getOrgSettings(access.context.user.id, access.org.id),
        getLoyaltyProgram(access.context.user.id, access.org.id),
        // Owners only: a manager gets ROLE_FORBIDDEN here and sees no legal profile.
        getLegalProfile(access.context.user.id, access.org.id),
      ])
    : [null, null, null];
  const tl = await getTranslations('loyalty.organiser');
  const tp = await getTranslations('onboarding.profile');
  return (
    <ConsoleFrame access={access} title={t('title')}>
      {loaded?.ok && (
        <div className="space-y-10">
          <TitledSection id="org-title" title={t('orgTitle')} className="space-y-4">
            <OrgSettingsForm
              orgId={loaded.settings.id}
              initial={{
                name: loaded.settings.name,
                website: loaded.settings.website ?? '',
                contactEmail: loaded.settings.contactEmail ?? '',
                language: loaded.settings.language,
                currency: loaded.settings.currency,
              }}
            />
          </TitledSection>
          {legal?.ok && (
            <TitledSection id="legal-title" title={tp('title')} className="space-y-4">
              <p className="max-w-2xl text-slate-700">{tp('intro')}</p>
              <p className="max-w-2xl font-medium" data-testid="approval">
                {legal.profile.approvedAt
                  ? tp('approved', {
                      date: formatDate(new Date(legal.profile.approvedAt), locale, { dateStyle: 'long' }),
                      perTicket: formatMoney({ amount: legal.profile.platformFeePerTicket, currency: legal.profile.currency }, locale),
                      percent: `${(legal.profile.platformFeeBps / 100).toLocaleString(locale === 'en' ? 'en-GB' : locale)} %`,
                    })
                  : tp('notApproved')}
              </p>
              <LegalProfileForm profile={legal.profile} coolingDays={PROFILE_COOLING_DAYS} />
            </TitledSection>
          )}
          {legal?.ok && (
            <TitledSection id="payout-schedule-title" title={tp('schedule.title')} className="space-y-4">
              <p className="max-w-2xl text-slate-700">{tp('schedule.intro')}</p>
              <PayoutScheduleForm orgId={legal.profile.orgId} initial={legal.profile.payoutSchedule} waitHours={payoutWaitHours()} />
            </TitledSection>
          )}
          <TitledSection id="defaults-title" title={t('defaultsTitle')} className="space-y-4">
            <p className="max-w-2xl text-slate-700">{t('defaultsIntro')}</p>
            <ResalePolicyForm target={{ kind: 'organisation', orgId: loaded.settings.id }} initial={loaded.settings.resaleDefaults} currency={loaded.settings.currency} />
          </TitledSection>
          {loyalty?.ok && (
            <TitledSection id="loyalty-title" title={tl('title')} className="space-y-4">
              <p className="max-w-2xl text-slate-700">{tl('intro')}</p>
              <LoyaltyProgramForm
                orgId={loaded.settings.id}
                initial={{
                  enabled: loyalty.enabled,
                  attendancePoints: loyalty.attendancePoints,
                  pointsPerUnit: loyalty.pointsPerUnit,
                  redeemRate: loyalty.redeemRate,
                  redeemMaxPercent: loyalty.redeemMaxPercent,
                  members: loyalty.members,
                }}
              />
            </TitledSection>
          )}
        </div>
      )}
    </ConsoleFrame>
  );
}

export default orgScreenPage(SettingsScreen);
