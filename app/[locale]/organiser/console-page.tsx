import { Suspense, type ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { ConsoleSkeleton } from '@/components/organiser/console-frame';
import type { getPathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { isUuid } from '@/lib/ids';
import { consoleEventPage } from '@/lib/server/organiser/console';
import { consoleMetadata } from './metadata';

// The frame every console page repeats: its metadata, the locale set from the URL and the screen streamed
// behind the console's skeleton. A page keeps its own screen (and `instant`, which Next reads as a literal).

type Href = Parameters<typeof getPathname>[0]['href'];
type OrgPathname = Extract<Href, `/organiser${string}`>;
/** The console's screens of one event. */
export type EventPathname = Extract<Extract<Href, { pathname: string }>['pathname'], `/organiser/events/[eventId]${string}`>;

type Params<P> = { params: Promise<P> };

/** A screen of the current organisation: its title after the console's. */
export function orgScreenMetadata(pathname: OrgPathname, titleKey: string) {
  return async ({ params }: Params<{ locale: string }>) => consoleMetadata((await params).locale as Locale, pathname, titleKey);
}

/** A screen of the current organisation, rendered with the locale from the URL. */
export function orgScreenPage(Screen: (props: { locale: Locale }) => Promise<ReactNode>) {
  return async function OrgScreenPage({ params }: Params<{ locale: string }>) {
    const locale = (await params).locale as Locale;
    setRequestLocale(locale);
    return (
      <Suspense fallback={<ConsoleSkeleton />}>
        <Screen locale={locale} />
      </Suspense>
    );
  };
}

/** A screen of one event: its title after the console's. */
export function eventScreenMetadata(pathname: EventPathname, titleKey: string) {
  return async ({ params }: Params<{ locale: string; eventId: string }>) => {
    const { locale, eventId } = await params;
    return consoleMetadata(locale as Locale, { pathname, params: { eventId } }, titleKey);
  };
}

/** A screen of one event, rendered with the locale and the event's id from the URL. */
export function eventScreenPage(Screen: (props: { locale: Locale; eventId: string }) => Promise<ReactNode>) {
  return async function EventScreenPage({ params }: Params<{ locale: string; eventId: string }>) {
    const { locale, eventId } = await params;
    setRequestLocale(locale as Locale);
    return (
      <Suspense fallback={<ConsoleSkeleton />}>
        <Screen locale={locale as Locale} eventId={eventId} />
      </Suspense>
    );
  };
}

/** An event's screen: a malformed id is a 404 page; else consoleEventPage (access, summary, cancellation). */
export function eventScreen(locale: Locale, pathname: EventPathname, eventId: string) {
  if (!isUuid(eventId)) notFound();
  return consoleEventPage(locale, { pathname, params: { eventId } }, eventId);
}
