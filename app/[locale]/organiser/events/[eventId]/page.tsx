import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { ConsoleSkeleton } from '@/components/organiser/console-frame';
import { EventFrame } from '@/components/organiser/event-frame';
import { PlayedLock } from '@/components/organiser/played-lock';
import { EventForm } from '@/components/organiser/events/event-form';
import type { Locale } from '@/lib/i18n/routing';
import { readOrganiserEvent, venueChoices } from '@/lib/server/events/edit';
import { eventScreen, eventScreenMetadata } from '../../console-page';
import { PostponeForm } from '@/components/refunds/postpone-form';
import { postponementOf } from '@/lib/server/refunds/postpone';
import { getDb } from '@/lib/server/db';
import { formatDateTime } from '@/components/tickets/format';
import { TitledSection } from '@/components/ui/titled-section';

export const generateMetadata = eventScreenMetadata('/organiser/events/[eventId]', 'organiser.events.editTitle');

/** The event's details: every editable field, saved with PATCH; the server's field errors shown at their fields. */
async function EventDetails({ params }: Pick<PageProps<'/[locale]/organiser/events/[eventId]'>, 'params'>) {
  const { eventId, ...rest } = await params;
  const locale = rest.locale as Locale;
  setRequestLocale(locale);
  const { access, event } = await eventScreen(locale, '/organiser/events/[eventId]', eventId);
  const t = await getTranslations('organiser.events');
  if (!access.ok || !event) return <EventFrame access={access} event={event} deniedTitle={t('editTitle')}>{null}</EventFrame>;
  const [full, venues] = await Promise.all([readOrganiserEvent(access.context.user.id, eventId), venueChoices(access.context.user.id, access.org.id)]);
  if (!full.ok) notFound();
  const list = venues.ok ? venues.venues : [];
  const tp = await getTranslations('refunds.organiser.postpone');
  const postponement = await postponementOf(getDb(), eventId);
  // Postponing is for an event that sells or sold (published), not cancelled and not played.
  const postponable = full.event.status !== 'cancelled' && (full.event.status !== 'draft' || !!full.event.publishedAt) && !event.played;
  return (
    <EventFrame access={access} event={event} deniedTitle={t('editTitle')}>
      <h2 className="text-xl font-semibold">{t('editTitle')}</h2>
      <PlayedLock played={event.played}>
        <EventForm
          key={full.event.publishedAt ?? 'draft'}
          orgId={access.org.id}
          venues={list}
          event={full.event}
          locked={full.event.sold + full.event.held > 0}
            defaults={venues.ok ? venues.defaults : { language: 'sk', currency: 'EUR' }}
        />
      </PlayedLock>
      {(postponable || postponement) && (
        <TitledSection id="postpone-title" title={tp('title')} className="mt-10 space-y-4">
          {postponement && (
            <p className="rounded-lg bg-amber-50 p-3 text-amber-950" data-testid="postponement-state">
              {tp('state', {
                from: formatDateTime(postponement.postponedFrom, locale),
                deadline: formatDateTime(postponement.refundDeadline, locale),
                refunded: postponement.refunded,
                kept: postponement.kept,
              })}
            </p>
          )}
          {postponable && <PostponeForm eventId={eventId} />}
        </TitledSection>
      )}
    </EventFrame>
  );
}

export default function EventDetailsPage({ params }: PageProps<'/[locale]/organiser/events/[eventId]'>) {
  return (
    <Suspense fallback={<ConsoleSkeleton />}>
      <EventDetails params={params} />
    </Suspense>
  );
}
