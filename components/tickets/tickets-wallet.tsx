'use client';

import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { ShareEvent } from '@/components/events/share-event';
import { api } from '@/lib/client/api-client';
import { loadOfflineTickets, saveOfflineTickets } from '@/lib/client/offline-tickets';
import { getPathname, Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { formatDateTime, localized } from './format';
import { OfflineSupport, useOnline } from './offline-support';
import { loadTicketCode, seatText, TicketCard } from './ticket-card';
import type { GiftedTicket, MyTickets, OwnedTicket } from '@/lib/schemas/tickets';

// Dialogs load on use. The season schedule and the code also open offline: OfflineSupport stores their
// code with the page's (preload below).
const loadSeasonDialog = () => import('./season-dialog');
const RedeemDialog = dynamic(() => import('./redeem-dialog').then((m) => m.RedeemDialog), { ssr: false });
const SeasonDialog = dynamic(() => loadSeasonDialog().then((m) => m.SeasonDialog), { ssr: false });
const preloadOffline = () => Promise.all([loadTicketCode(), loadSeasonDialog()]);

/** An event counts as past some hours after its start when it has no end time. */
const PAST_AFTER_MS = 6 * 3_600_000;

type EventOfTicket = GiftedTicket['event'];

function endOf(event: EventOfTicket) {
  return event.endsAt ? new Date(event.endsAt).getTime() : new Date(event.startsAt).getTime() + PAST_AFTER_MS;
}

function isPast(event: EventOfTicket, now: number) {
  return endOf(event) < now;
}

/** The feedback form takes answers for 30 days after the end (lib/server/feedback/rules.ts), from holders checked in at the gate. */
const FEEDBACK_OPEN_MS = 30 * 24 * 3_600_000;

/** One event's group: the fan's tickets of it and the ones they gave away (history lines). */
type Group = { event: EventOfTicket; tickets: OwnedTicket[]; gifted: GiftedTicket[] };

/** Groups per event, soonest first (tickets come sorted by start; gifted lines join their event's group). */
export function groupByEvent(tickets: OwnedTicket[], gifted: GiftedTicket[]): Group[] {
  const groups = new Map<string, Group>();
  const of = (event: EventOfTicket) => {
    let group = groups.get(event.id);
    if (!group) groups.set(event.id, (group = { event, tickets: [], gifted: [] }));
    return group;
  };
  for (const ticket of tickets) of(ticket.event).tickets.push(ticket);
  for (const line of gifted) of(line.event).gifted.push(line);
  return [...groups.values()].sort((a, b) => Date.parse(a.event.startsAt) - Date.parse(b.event.startsAt));
}

/**
 * Your tickets: the server hands the first data down; the device keeps a copy (IndexedDB) so the
 * page — served by the service worker — opens and draws rotating codes with no network.
 */
export function TicketsWallet({ initial, userId, renderedAt }: { initial: MyTickets; userId: string; renderedAt: number }) {
  const t = useTranslations('tickets');
  const tFeedback = useTranslations('feedback');
  const locale = useLocale();
  const online = useOnline();
  const [data, setData] = useState(initial);
  const [fromDevice, setFromDevice] = useState(false);
  const [dialog, setDialog] = useState<'redeem' | 'season' | null>(null);

  useEffect(() => {
    if (navigator.onLine) {
      void saveOfflineTickets(userId, initial).catch(() => {});
      return;
    }
    // Offline: this page came from the service worker's copy; the device's snapshot may be newer.
    void loadOfflineTickets<MyTickets>(userId).then((snapshot) => {
      if (snapshot && new Date(snapshot.savedAt).getTime() > renderedAt) {
        setData(snapshot.data);
      }
      setFromDevice(true);
    });
  }, [initial, userId, renderedAt]);

  const refresh = useCallback(async () => {
    const result = await api.get<MyTickets>('/api/v1/tickets', { toast: false });
    if (result.ok) {
      setData(result.data);
      setFromDevice(false);
      void saveOfflineTickets(userId, result.data).catch(() => {});
    }
  }, [userId]);

  useEffect(() => {
    if (online && fromDevice) void refresh();
  }, [online, fromDevice, refresh]);

  const now = Date.now();
  // A device's copy saved before gift traces existed has no history lines.
  const groups = groupByEvent(data.tickets, data.gifted ?? []);
  const upcoming = groups.filter((g) => !isPast(g.event, now));
  const past = groups.filter((g) => isPast(g.event, now)).reverse();
  const holder = data.tickets[0]?.holderName;
  const linkClass = 'inline-flex items-center rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50';

  const group = ({ event, tickets, gifted }: Group, isPastGroup: boolean) => {
    const title = localized(event.title, locale);
    const eventPath = getPathname({ locale: locale as Locale, href: { pathname: '/events/[id]', params: { id: event.slug } } });
    const headingId = `event-${event.id}`;
    return (
      <section key={event.id} aria-labelledby={headingId} className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="ticket-event">
        <header className="space-y-1 border-b border-slate-200 bg-slate-50 p-4">
          <h2 id={headingId} className="text-xl font-bold">
            <Link href={{ pathname: '/events/[id]', params: { id: event.slug } }} className="hover:underline">
              {title}
            </Link>
          </h2>
          <p className="text-slate-700">
            <time dateTime={event.startsAt}>{formatDateTime(event.startsAt, locale)}</time> · {event.venue.name}, {event.venue.city}
          </p>
          {tickets.length > 0 && holder && (
            <p className="text-sm text-slate-700">
              {t('holder')}: {holder}
            </p>
          )}
          {tickets.length > 0 && !isPastGroup && online && (
            <div className="flex flex-wrap items-center gap-2 pt-2">
              <a href={`/api/v1/events/${encodeURIComponent(event.slug)}/calendar.ics?lang=${locale}`} download className={linkClass} data-testid="add-to-calendar">
                <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="mr-1.5 h-4 w-4"><rect x="3" y="4.5" width="14" height="12.5" rx="2" /><path d="M3 8.5h14M7 2.5v4M13 2.5v4" /></svg>
                {t('addToCalendar')}
              </a>
              <ShareEvent path={eventPath} title={title} labels={{ share: t('share'), copied: t('linkCopied'), copyFailed: t('copyFailed') }} className={linkClass} />
            </div>
          )}
          {isPastGroup && tickets.some((x) => x.status === 'checked_in') && endOf(event) + FEEDBACK_OPEN_MS > now && (
            <Link
              href={{ pathname: '/events/[id]/feedback', params: { id: event.slug } }}
              className="mt-2 inline-flex min-h-11 items-center rounded-lg border border-emerald-800 bg-white px-4 font-medium text-emerald-800 hover:bg-emerald-50"
            >
              {tFeedback('ticketsLink')}
            </Link>
          )}
        </header>
        {tickets.length > 0 && (
          <ul className="divide-y divide-slate-200">
            {tickets.map((ticket) => (
              <li key={`${ticket.id}:${ticket.version}:${ticket.status}`}>
                <TicketCard ticket={ticket} past={isPastGroup} online={online} onChanged={refresh} />
              </li>
            ))}
          </ul>
        )}
        {gifted.length > 0 && (
          <ul className={`space-y-1 p-4 text-sm text-slate-700 ${tickets.length > 0 ? 'border-t border-slate-200' : ''}`} aria-label={t('giftedHistory')}>
            {gifted.map((line) => (
              <li key={line.ticketId} data-testid="ticket-gifted" data-ticket-id-gifted={line.ticketId}>
                <span className="font-medium text-slate-900">{line.to.name ? t('giftedTo', { name: line.to.name }) : t('giftedToUnknown')}</span>
                {' · '}
                {localized(line.ticketType.name, locale)} · {seatText(line.seat, t, locale)} · <time dateTime={line.giftedAt}>{formatDateTime(line.giftedAt, locale)}</time>
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  };

  return (
    <div className="space-y-8">
      <OfflineSupport preload={preloadOffline} />
      <div className="flex flex-wrap gap-3">
        <button type="button" onClick={() => setDialog('redeem')} disabled={!online} className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-50 disabled:opacity-50">
          {t('redeemCta')}
        </button>
        {data.seasons.length > 0 && (
          <button type="button" onClick={() => setDialog('season')} className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-50">
            {t('seasonCta')}
          </button>
        )}
      </div>
      {!online && (
        <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-amber-900">
          {t('offlineNote')}
        </p>
      )}
      {data.tickets.length === 0 && <p className="rounded-xl border border-slate-200 bg-white p-6">{t('empty')}</p>}
      {upcoming.length > 0 && (
        <div className="space-y-8">
          <h2 className="sr-only">{t('upcoming')}</h2>
          {upcoming.map((g) => group(g, false))}
        </div>
      )}
      {past.length > 0 && (
        <details className="rounded-xl border border-slate-200 bg-slate-50 p-4">
          <summary className="cursor-pointer text-lg font-semibold">
            {t('past')} ({t('pastCount', { count: past.reduce((n, g) => n + g.tickets.length, 0) })})
          </summary>
          <div className="mt-4 space-y-8">{past.map((g) => group(g, true))}</div>
        </details>
      )}
      {dialog === 'redeem' && (
        <RedeemDialog
          open
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            void refresh();
          }}
        />
      )}
      {dialog === 'season' && <SeasonDialog seasons={data.seasons} open onClose={() => setDialog(null)} />}
    </div>
  );
}
