import { textIn } from '@/lib/localized-text';
import { Suspense } from 'react';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ConsoleFrame, ConsoleSkeleton } from '@/components/organiser/console-frame';
import { AccessibleSeatsEditor } from '@/components/organiser/venues/accessible-seats-editor';
import { LayoutImport } from '@/components/organiser/venues/layout-import';
import { SectionEditor } from '@/components/organiser/venues/section-editor';
import { VenueEditor } from '@/components/organiser/venues/venue-editor';
import { VenueForm } from '@/components/organiser/venues/venue-form';
import { createHash } from 'node:crypto';
import { isUuid } from '@/lib/ids';
import type { LayoutJson, Localized, OutlinePreset } from '@/lib/seats/venue-editor';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { consoleRowPage } from '@/lib/server/organiser/console';
import { getVenue } from '@/lib/server/venues/venues';
import { venueAccessibleSeats } from '@/lib/server/venues/accessible-seats';
import { consoleMetadata } from '../../metadata';
import { dateTimeFormat } from '@/lib/i18n/formats';
import { TitledSection } from '@/components/ui/titled-section';

/** The presets' labels in the three languages (a shape's label is kept in each). */
async function presetLabels(): Promise<Record<OutlinePreset, Localized>> {
  const [sk, cs, en] = await Promise.all((['sk', 'cs', 'en'] as const).map((locale) => getTranslations({ locale, namespace: 'organiser.venues.editor.presetLabel' })));
  const of = (key: OutlinePreset) => ({ sk: sk(key), cs: cs(key), en: en(key) });
  return { football: of('football'), rink: of('rink'), stage: of('stage') };
}

type Props = PageProps<'/[locale]/organiser/venues/[venueId]'>;

export async function generateMetadata({ params }: Props) {
  const { locale, venueId } = await params;
  return consoleMetadata(locale as Locale, { pathname: '/organiser/venues/[venueId]', params: { venueId } }, 'organiser.venues.title');
}

/** One venue: its details, the layout drawn, the section editor, wheelchair places and companion seats, and the JSON import and export. */
async function Venue({ locale, venueId }: { locale: Locale; venueId: string }) {
  if (!isUuid(venueId)) notFound();
  const access = await consoleRowPage(locale, { pathname: '/organiser/venues/[venueId]', params: { venueId } }, { venueId }, 'events');
  const t = await getTranslations('organiser.venues');
  const result = access.ok ? await getVenue(access.context.user.id, venueId) : null;
  if (result && !result.ok) notFound();
  const venue = result?.ok ? result.venue : null;
  const accessible = access.ok && venue ? await venueAccessibleSeats(access.context.user.id, venueId) : null;
  const ta = await getTranslations('organiser.venues.accessible');
  const dateFormat = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ConsoleFrame access={access} title={venue?.name ?? t('title')}>
      <Link href="/organiser/venues" className="text-sm text-emerald-800 underline">
        {t('back')}
      </Link>
      {venue && (
        <div className="space-y-8">
          <TitledSection id="preview-title" title={t('previewTitle')} className="space-y-3">
            <p className="text-slate-700">{venue.layout.sections.length || venue.layout.outline.length ? t('editor.intro') : t('previewEmpty')}</p>
            <VenueEditor
              // A saved (or imported) layout starts the editor afresh.
              key={createHash('sha1').update(JSON.stringify(venue.layout)).digest('hex')}
              venueId={venue.id}
              layout={venue.layout as LayoutJson}
              sold={Object.fromEntries(venue.sections.map((s) => [s.code, s.sold]))}
              locale={locale}
              presets={await presetLabels()}
            />
          </TitledSection>
          <SectionEditor venueId={venue.id} sections={venue.sections} locale={locale} />
          <TitledSection id="accessible-title" title={ta('title')} className="space-y-3">
            {accessible?.ok && accessible.seats.sections.length > 0 ? (
              <AccessibleSeatsEditor venueId={venue.id} seats={accessible.seats} locale={locale} />
            ) : (
              <p className="text-slate-700">{ta('noSeats')}</p>
            )}
          </TitledSection>
          {venue.eventList.length > 0 && (
            <TitledSection id="venue-events-title" title={t('eventsTitle')} className="space-y-3">
              <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
                {venue.eventList.map((event) => (
                  <li key={event.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                    <p>
                      <span className="font-medium">{textIn(event.title, locale)}</span>
                      <span className="block text-sm text-slate-700">{dateFormat.format(new Date(event.startsAt))}</span>
                    </p>
                    {event.mine ? (
                      <Link
                        href={{ pathname: '/organiser/events/[eventId]/seats', params: { eventId: event.id } }}
                        aria-label={t('blockSeatsOf', { title: textIn(event.title, locale) })}
                        className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50"
                      >
                        {t('blockSeats')}
                      </Link>
                    ) : (
                      <span className="text-sm text-slate-700">{t('otherOrganiser')}</span>
                    )}
                  </li>
                ))}
              </ul>
            </TitledSection>
          )}
          <LayoutImport venueId={venue.id} current={JSON.stringify(venue.layout, null, 2)} />
          <TitledSection id="details-title" title={t('detailsTitle')} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
            <VenueForm
              organisation={venue.orgId}
              venue={{
                id: venue.id,
                name: venue.name,
                address: venue.address,
                city: venue.city,
                country: venue.country,
                latitude: venue.latitude,
                longitude: venue.longitude,
                mapWidth: venue.layout.width,
                mapHeight: venue.layout.height,
              }}
            />
          </TitledSection>
        </div>
      )}
    </ConsoleFrame>
  );
}

// The id is only known at request time (like /orders/{id}): the page may block on it.
export const instant = false;

export default async function VenuePage({ params }: Props) {
  const { locale, venueId } = await params;
  setRequestLocale(locale as Locale);
  return (
    <Suspense fallback={<ConsoleSkeleton />}>
      <Venue locale={locale as Locale} venueId={venueId} />
    </Suspense>
  );
}
