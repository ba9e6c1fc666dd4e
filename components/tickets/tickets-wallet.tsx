'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { api } from '@/lib/client/api-client';
import { loadOfflineTickets, saveOfflineTickets } from '@/lib/client/offline-tickets';
import { Link } from '@/lib/i18n/navigation';
import { formatDateTime, localized } from './format';
import { OfflineSupport, useOnline } from './offline-support';
import { RedeemDialog } from './redeem-dialog';
import { SeasonDialog } from './season-dialog';
import { TicketCard } from './ticket-card';
import type { MyTickets, OwnedTicket } from '@/lib/schemas/tickets';

/** An event counts as past some hours after its start when it has no end time. */
const PAST_AFTER_MS = 6 * 3_600_000;

function isPast(ticket: OwnedTicket, now: number) {
  const end = ticket.event.endsAt ? new Date(ticket.event.endsAt).getTime() : new Date(ticket.event.startsAt).getTime() + PAST_AFTER_MS;
  return end < now;
}

function groupByEvent(tickets: OwnedTicket[]) {
  const groups = new Map<string, OwnedTicket[]>();
  for (const ticket of tickets) groups.set(ticket.event.id, [...(groups.get(ticket.event.id) ?? []), ticket]);
  return [...groups.values()];
}

/**
 * Your tickets: the server hands the first data down; the device keeps a copy (IndexedDB) so the
 * page — served by the service worker — opens and draws rotating codes with no network.
 */
export function TicketsWallet({ initial, userId, renderedAt }: { initial: MyTickets; userId: string; renderedAt: number }) {
  const t = useTranslations('tickets');
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
  const upcoming = groupByEvent(data.tickets.filter((x) => !isPast(x, now)));
  const past = groupByEvent(data.tickets.filter((x) => isPast(x, now))).reverse();

  const group = (tickets: OwnedTicket[], isPastGroup: boolean) => {
    const event = tickets[0].event;
    const title = localized(event.title, locale);
    return (
      <section key={event.id} aria-label={title} className="space-y-3" data-testid="ticket-event">
        <header>
          <h2 className="text-xl font-bold">
            <Link href={{ pathname: '/events/[id]', params: { id: event.slug } }} className="hover:underline">
              {title}
            </Link>
          </h2>
          <p className="text-slate-700">
            {formatDateTime(event.startsAt, locale)} · {event.venue.name}, {event.venue.city}
          </p>
        </header>
        {tickets.map((ticket) => (
          <TicketCard key={`${ticket.id}:${ticket.version}:${ticket.status}`} ticket={ticket} past={isPastGroup} online={online} onChanged={refresh} />
        ))}
      </section>
    );
  };

  return (
    <div className="space-y-8">
      <OfflineSupport />
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
            {t('past')} ({t('pastCount', { count: past.reduce((n, g) => n + g.length, 0) })})
          </summary>
          <div className="mt-4 space-y-8">{past.map((g) => group(g, true))}</div>
        </details>
      )}
      <RedeemDialog
        open={dialog === 'redeem'}
        onClose={() => setDialog(null)}
        onDone={() => {
          setDialog(null);
          void refresh();
        }}
      />
      <SeasonDialog seasons={data.seasons} open={dialog === 'season'} onClose={() => setDialog(null)} />
    </div>
  );
}
