'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { api, apiQuery } from '@/lib/client/api-client';
import { useSession } from '@/lib/client/session';
import { notify } from '@/lib/client/toast';
import { Link } from '@/lib/i18n/navigation';
import { formatClock, useCountdown } from '@/components/cart/countdown';
import { ReturnHere, signInHref } from '@/components/layout/return-here';
import type { Availability } from '@/lib/schemas/events';
import type { WaitingEntry, WaitingListStateAnswer } from '@/lib/schemas/waiting-list';
import { queryKeys } from '@/lib/client/query-keys';

type Props = {
  eventId: string;
  /** Price categories of the event (id, name in the page language). */
  ticketTypes: { id: string; name: string }[];
};

const POLL_MS = 15_000;

/**
 * The waiting list on the event page: when the event (or a category) is sold out and the organiser
 * turned the list on, a signed-in fan joins with how many tickets they want, sees their place, and
 * when tickets come back their offer: held in the cart, with the time left and a link to it.
 */
export function WaitingListPanel({ eventId, ticketTypes }: Props) {
  const t = useTranslations('waitingList');
  const { signedIn, status } = useSession();
  const queryClient = useQueryClient();
  const headingId = useId();
  // The ticket picker polls the availability (same query): the list is asked only once a category shows
  // none left, so an on-sale rush does not poll it.
  const availability = useQuery({
    queryKey: queryKeys.availability(eventId),
    queryFn: apiQuery<Availability>(`/api/v1/events/${encodeURIComponent(eventId)}/availability`, { toast: false }),
    enabled: false,
  });
  const anySoldOut = Boolean(availability.data?.onSale && availability.data.ticketTypes.some((type) => type.available === 0));
  // Once asked, it keeps being asked: an offer takes the fan's tickets and may put the rest back on sale.
  const [asked, setAsked] = useState(false);
  if (anySoldOut && !asked) setAsked(true);
  const polled = anySoldOut || asked;
  const state = useQuery({
    queryKey: [...queryKeys.waitingList(eventId), signedIn],
    queryFn: apiQuery<WaitingListStateAnswer>(`/api/v1/events/${encodeURIComponent(eventId)}/waiting-list`, { toast: false }),
    // A signed-in fan is asked once anyway (an offer of theirs may be waiting while the rest is on sale).
    enabled: status !== 'loading' && (polled || signedIn),
    refetchInterval: (query) => {
      const entry = query.state.data?.entry;
      return polled || entry?.status === 'waiting' || entry?.status === 'offered' ? POLL_MS : false;
    },
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
  const data = state.data;
  if (!data) return null;
  const entry = data.entry;
  const open = entry && (entry.status === 'waiting' || entry.status === 'offered');
  const soldOutTypes = ticketTypes.filter((type) => data.soldOutTicketTypeIds.includes(type.id));
  const canJoin = data.enabled && !open && (data.soldOut || soldOutTypes.length > 0) && data.maxQuantity > 0;
  if (!open && !canJoin) return null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.waitingList(eventId) });

  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4" data-testid="waiting-list">
      <h2 id={headingId} className="text-xl font-semibold">
        {t('title')}
      </h2>
      {entry && !open && <EndedNote entry={entry} />}
      {open && entry ? (
        <OpenEntry eventId={eventId} entry={entry} receivedAt={state.dataUpdatedAt} onChange={refresh} />
      ) : (
        <>
          <p>{t('intro', { minutes: data.offerMinutes })}</p>
          {signedIn ? (
            <JoinForm eventId={eventId} anyCategory={data.soldOut} categories={soldOutTypes} max={data.maxQuantity} onJoined={refresh} />
          ) : (
            <ReturnHere
              render={(next) => (
                <Link href={signInHref(next)} className="inline-block rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white">
                  {t('signInToJoin')}
                </Link>
              )}
            />
          )}
        </>
      )}
    </section>
  );
}

function EndedNote({ entry }: { entry: WaitingEntry }) {
  const t = useTranslations('waitingList');
  const text = entry.status === 'expired' ? t('expired') : entry.status === 'bought' ? t('bought') : entry.status === 'closed' ? t('closed') : null;
  return text ? <p className="font-medium">{text}</p> : null;
}

function OpenEntry({ eventId, entry, receivedAt, onChange }: { eventId: string; entry: WaitingEntry; receivedAt: number; onChange: () => void }) {
  const t = useTranslations('waitingList');
  const [busy, setBusy] = useState(false);
  const left = useCountdown(entry.offerTimeLeft ?? 0, receivedAt, onChange);

  async function leave() {
    setBusy(true);
    try {
      const result = await api.delete(`/api/v1/events/${encodeURIComponent(eventId)}/waiting-list`);
      if (result.ok) notify.success({ title: t('left') });
      onChange();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3" data-testid="waiting-entry" data-status={entry.status}>
      {entry.status === 'waiting' ? (
        <>
          <p className="font-medium">{t('waiting', { position: entry.position ?? 1, count: entry.quantity })}</p>
          <p className="text-slate-700">{t('waitingHint')}</p>
        </>
      ) : (
        <>
          <p className="font-medium">{t('offered', { count: entry.quantity })}</p>
          <p className="flex flex-wrap items-baseline gap-x-3">
            <span className="text-sm font-medium">{t('timeLeft')}</span>
            <time className="font-mono text-2xl font-bold tabular-nums" dateTime={`PT${left}S`} data-testid="offer-countdown">
              {formatClock(left)}
            </time>
          </p>
          <Link href={{ pathname: '/events/[id]/cart', params: { id: eventId } }} className="inline-block rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white">
            {t('goToCart')}
          </Link>
        </>
      )}
      <div>
        <button type="button" onClick={leave} disabled={busy} className="rounded-lg border border-slate-400 bg-white px-4 py-2 font-medium disabled:opacity-60">
          {t('leave')}
        </button>
      </div>
    </div>
  );
}

function JoinForm({
  eventId,
  anyCategory,
  categories,
  max,
  onJoined,
}: {
  eventId: string;
  anyCategory: boolean;
  categories: { id: string; name: string }[];
  max: number;
  onJoined: () => void;
}) {
  const t = useTranslations('waitingList');
  const quantityId = useId();
  const categoryId = useId();
  const [quantity, setQuantity] = useState(1);
  const [category, setCategory] = useState(anyCategory ? '' : (categories[0]?.id ?? ''));
  const [busy, setBusy] = useState(false);

  async function join(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const result = await api.post(`/api/v1/events/${encodeURIComponent(eventId)}/waiting-list`, { quantity, ticketTypeId: category || null });
      if (result.ok) notify.success({ title: t('joined') });
      onJoined();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={join} className="flex flex-wrap items-end gap-3">
      {(categories.length > 1 || !anyCategory) && (
        <div className="space-y-1">
          <label htmlFor={categoryId} className="block text-sm font-medium">
            {t('category')}
          </label>
          <select id={categoryId} value={category} onChange={(e) => setCategory(e.target.value)} className="rounded-lg border border-slate-400 bg-white px-3 py-2">
            {anyCategory && <option value="">{t('anyCategory')}</option>}
            {categories.map((type) => (
              <option key={type.id} value={type.id}>
                {type.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="space-y-1">
        <label htmlFor={quantityId} className="block text-sm font-medium">
          {t('quantity')}
        </label>
        <select id={quantityId} value={quantity} onChange={(e) => setQuantity(Number(e.target.value))} className="rounded-lg border border-slate-400 bg-white px-3 py-2">
          {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" disabled={busy} className="rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white disabled:opacity-60">
        {t('join')}
      </button>
    </form>
  );
}
