import { Suspense } from 'react';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ConsoleSkeleton } from '@/components/organiser/console-frame';
import { EventFrame } from '@/components/organiser/event-frame';
import { NamedTicketsForm } from '@/components/organiser/named-tickets-form';
import type { Locale } from '@/lib/i18n/routing';
import { isUuid } from '@/lib/ids';
import { consoleEventPage } from '@/lib/server/organiser/console';
import { getNamedTickets } from '@/lib/server/named-tickets/settings';
import { consoleMetadata } from '../../../metadata';

type Props = PageProps<'/[locale]/organiser/events/[eventId]/named-tickets'>;

export async function generateMetadata({ params }: Props) {
  const { locale, eventId } = await params;
  return consoleMetadata(locale as Locale, { pathname: '/organiser/events/[eventId]/named-tickets', params: { eventId } }, 'namedTickets.organiser.title');
}

/** A risk match (Slovak act 1/2014): which tickets of the event are in their holders' names. */
async function NamedTicketsScreen({ locale, eventId }: { locale: Locale; eventId: string }) {
  if (!isUuid(eventId)) notFound();
  const { access, event } = await consoleEventPage(locale, { pathname: '/organiser/events/[eventId]/named-tickets', params: { eventId } }, eventId);
  const t = await getTranslations('namedTickets.organiser');
  const settings = access.ok && event ? await getNamedTickets(access.context.user.id, eventId) : null;
  return (
    <EventFrame access={access} event={event} deniedTitle={t('title')}>
      {settings?.ok && (
        <section aria-labelledby="named-title" className="space-y-4">
          <h2 id="named-title" className="text-xl font-semibold">
            {t('title')}
          </h2>
          <p className="max-w-2xl text-slate-700">{t('intro')}</p>
          <NamedTicketsForm eventId={eventId} initial={{ namedTickets: settings.namedTickets, sections: settings.sections, namedCount: settings.namedCount, unnamedCount: settings.unnamedCount }} />
        </section>
      )}
    </EventFrame>
  );
}

// The header reads the URL (usePathname), only known at request time for /organiser/events/{id}/…: allowed to block.
export const instant = false;

export default async function NamedTicketsPage({ params }: Props) {
  const { locale, eventId } = await params;
  setRequestLocale(locale as Locale);
  return (
    <Suspense fallback={<ConsoleSkeleton />}>
      <NamedTicketsScreen locale={locale as Locale} eventId={eventId} />
    </Suspense>
  );
}
