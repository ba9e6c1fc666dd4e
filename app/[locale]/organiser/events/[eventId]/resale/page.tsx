import { getTranslations } from 'next-intl/server';
import { PlayedLock } from '@/components/organiser/played-lock';
import { EventFrame } from '@/components/organiser/event-frame';
import { ResalePolicyForm } from '@/components/organiser/resale-policy-form';
import { WaitingListForm } from '@/components/organiser/waiting-list-form';
import type { Locale } from '@/lib/i18n/routing';
import { getResalePolicy } from '@/lib/server/events/resale-policy';
import { getWaitingListSettings } from '@/lib/server/waiting-list/organiser';
import { eventScreen, eventScreenMetadata, eventScreenPage } from '../../../console-page';
import { TitledSection } from '@/components/ui/titled-section';
import { SelfCancelForm } from '@/components/refunds/self-cancel-form';
import { getSelfCancelRules } from '@/lib/server/refunds/postpone';

export const generateMetadata = eventScreenMetadata('/organiser/events/[eventId]/resale', 'organiser.resale.title');

/** The event's resale and gifting rules, with how many listings are on sale now. */
async function ResaleScreen({ locale, eventId }: { locale: Locale; eventId: string }) {
  const { access, event } = await eventScreen(locale, '/organiser/events/[eventId]/resale', eventId);
  const t = await getTranslations('organiser.resale');
  const policy = access.ok && event ? await getResalePolicy(access.context.user.id, eventId) : null;
  const waiting = access.ok && event ? await getWaitingListSettings(access.context.user.id, eventId) : null;
  const tw = await getTranslations('waitingList.organiser');
  const selfCancel = access.ok && event ? await getSelfCancelRules(access.context.user, eventId) : null;
  const ts = await getTranslations('refunds.organiser.selfCancel');
  return (
    <EventFrame access={access} event={event} deniedTitle={t('title')}>
      <PlayedLock played={event?.played ?? false}>
        {policy?.ok && (
          <TitledSection id="resale-title" title={t('title')} className="space-y-4">
            <p className="max-w-2xl text-slate-700">{t('intro')}</p>
            <p className="text-slate-800">{t('activeListings', { count: policy.activeListings })}</p>
            <ResalePolicyForm target={{ kind: 'event', eventId }} initial={policy.policy} currency={policy.currency} />
          </TitledSection>
        )}
        {waiting?.ok && (
          <TitledSection id="waiting-list-title" title={tw('title')} className="mt-10 space-y-4">
            <WaitingListForm
              eventId={eventId}
              initial={{ enabled: waiting.enabled, offerMinutes: waiting.offerMinutes, waiting: waiting.waiting, offered: waiting.offered, bought: waiting.bought }}
            />
          </TitledSection>
        )}
        {selfCancel?.ok && (
          <TitledSection id="self-cancel-title" title={ts('title')} className="mt-10 space-y-4">
            <SelfCancelForm eventId={eventId} initial={selfCancel.rules} />
          </TitledSection>
        )}
      </PlayedLock>
    </EventFrame>
  );
}

// The header reads the URL (usePathname), only known at request time for /organiser/events/{id}/…: allowed to block.
export const instant = false;

export default eventScreenPage(ResaleScreen);
