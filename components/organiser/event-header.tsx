import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import type { EventSummary } from '@/lib/server/events/summary';
import { EventActions } from './event-actions';
import { EventTabs } from './event-tabs';
import { formatDate } from '@/lib/i18n/formats';

export const STATUS_STYLE: Record<EventSummary['status'] | 'played', string> = {
  played: 'bg-slate-200 text-slate-900',
  draft: 'bg-slate-100 text-slate-800',
  on_sale: 'bg-emerald-100 text-emerald-900',
  sold_out: 'bg-amber-100 text-amber-900',
  cancelled: 'bg-red-100 text-red-900',
};

/** What the console calls the event's state: one that took place is Played (lib/server/events/played.ts: never a draft). */
export function shownStatus(event: { status: EventSummary['status']; played: boolean }): EventSummary['status'] | 'played' {
  return event.played ? 'played' : event.status;
}

/**
 * The head of every screen of one event: its title, state, date, how much is sold, its actions and tabs.
 * `figures`: a screen of live figures (EventFrame), whose head has neither the sold count nor the actions.
 */
export async function EventHeader({ event, settlement = false, figures = false }: { event: EventSummary; settlement?: boolean; figures?: boolean }) {
  const [t, locale] = await Promise.all([getTranslations('organiser'), getLocale()]);
  return (
    <div className="space-y-4">
      <Link href="/organiser/events" className="text-sm text-emerald-800 underline">
        {t('eventHeader.back')}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold sm:text-3xl">{event.title[locale as Locale]}</h1>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <span className={`rounded-full px-2.5 py-0.5 font-medium ${STATUS_STYLE[shownStatus(event)]}`} data-testid="event-status">
              {t(`eventStatus.${shownStatus(event)}`)}
            </span>
            <time dateTime={event.startsAt}>{formatDate(new Date(event.startsAt), locale, { dateStyle: 'medium', timeStyle: 'short' })}</time>
            {!figures && <span>{t('eventHeader.sold', { sold: event.sold, capacity: event.capacity })}</span>}
            {event.status !== 'draft' && event.status !== 'cancelled' && (
              <Link href={{ pathname: '/events/[id]', params: { id: event.slug } }} className="text-emerald-800 underline">
                {t('eventHeader.publicPage')}
              </Link>
            )}
          </p>
        </div>
        {!figures && <EventActions eventId={event.id} status={event.status} played={event.played} sold={event.sold} startsAt={event.startsAt} />}
      </div>
      <EventTabs eventId={event.id} settlement={settlement} />
    </div>
  );
}
