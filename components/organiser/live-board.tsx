'use client';

import { useQuery } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { apiQuery } from '@/lib/client/api-client';
import type { LiveView } from '@/lib/schemas/reports-live';
import { queryKeys } from '@/lib/client/query-keys';

/** How often the screen asks (the server shares one read per event for 2 s, so this costs it little). */
const POLL_MS = 3000;

/**
 * The match-day live view: who came in (in all and per gate), what is sold and in carts, big for a phone at the stadium, refreshed every 3 s while the tab is
 * visible (TanStack Query pauses the interval in a hidden tab), starting from the server-rendered read.
 * A screen reader hears the sold-out categories when they change, not at every refresh.
 */
export function LiveBoard({ eventId, initial }: { eventId: string; initial: LiveView }) {
  const t = useTranslations('organiser.live');
  const format = useFormatter();
  const { data, dataUpdatedAt, isError } = useQuery({
    queryKey: queryKeys.organiserLive(eventId),
    queryFn: apiQuery<LiveView>(`/api/v1/organiser/events/${encodeURIComponent(eventId)}/live`, { toast: false }),
    initialData: initial,
    initialDataUpdatedAt: () => Date.parse(initial.checkedAt),
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

  // "Updated N s ago", counted in the browser once it runs (the server's render says "just now").
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = now === null ? 0 : Math.max(0, Math.round((now - dataUpdatedAt) / 1000));

  // The sold-out categories, announced when the set changes (the first read is on the screen already).
  const soldOutKey = [...data.soldOut].sort().join(',');
  const previous = useRef(soldOutKey);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (previous.current === soldOutKey) return;
    previous.current = soldOutKey;
    const names = data.categories.filter((c) => c.soldOut).map((c) => c.name);
    setAnnouncement(names.length ? t('soldOutNow', { categories: format.list(names, { type: 'conjunction' }) }) : t('noneSoldOut'));
  }, [soldOutKey, data.categories, t, format]);

  const number = (n: number) => format.number(n);
  return (
    <div className="space-y-6" data-testid="live-board">
      <p className="sr-only" aria-live="polite" data-testid="live-announcement">
        {announcement}
      </p>
      {/* The figures first, two to a row on a phone: who came in, what is sold, what is in carts now. */}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={t('figures')}>
        <div className="rounded-xl border-2 border-emerald-800 bg-emerald-50 p-4">
          <dt className="text-sm font-semibold text-emerald-950">{t('entered')}</dt>
          <dd className="text-4xl font-bold tabular-nums sm:text-5xl" data-testid="live-entered">
            {number(data.entered.total)}
          </dd>
          <dd className="text-sm text-slate-800">{t('enteredOfSold', { sold: number(data.sold) })}</dd>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm font-medium text-slate-700">{t('sold')}</dt>
          <dd className="text-4xl font-bold tabular-nums sm:text-5xl" data-testid="live-sold">
            {number(data.sold)}
          </dd>
          <dd className="text-sm text-slate-700">{t('soldOfCapacity', { capacity: number(data.capacity) })}</dd>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm font-medium text-slate-700">{t('inCarts')}</dt>
          <dd className="text-4xl font-bold tabular-nums sm:text-5xl" data-testid="live-in-carts">
            {number(data.inCarts.total)}
          </dd>
          <dd className="text-sm text-slate-700">{t('inCartsDetail', { tickets: number(data.inCarts.tickets), resale: number(data.inCarts.resale) })}</dd>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm font-medium text-slate-700">{t('soldLastMinute')}</dt>
          <dd className="text-4xl font-bold tabular-nums sm:text-5xl" data-testid="live-sold-last-minute">
            {number(data.soldLastMinute.tickets)}
          </dd>
          <dd className="text-sm text-slate-700">{t('soldLastMinuteDetail', { orders: data.soldLastMinute.orders })}</dd>
        </div>
      </dl>
      <p className="text-sm text-slate-700" data-testid="live-updated">
        {isError ? <span className="font-medium text-red-800">{t('stale')}</span> : t('updated', { seconds })}
      </p>
      <section aria-labelledby="live-gates-title" className="space-y-2">
        <h3 id="live-gates-title" className="text-lg font-bold">
          {t('gates')}
        </h3>
        {data.entered.gates.length === 0 ? (
          <p className="text-slate-700">{t('noEntries')}</p>
        ) : (
          // The gates of the tickets' entries, summing to the entered total (a gate that named none: its own row).
          <table className="w-full border-collapse text-left" data-testid="live-gates">
            <thead>
              <tr className="border-b border-slate-300 text-sm text-slate-700">
                <th scope="col" className="py-2 pr-2 font-medium">
                  {t('gate')}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t('enteredColumn')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.entered.gates.map((g) => (
                <tr key={g.gate ?? ''} className="border-b border-slate-200" data-testid="live-gate" data-gate={g.gate ?? ''}>
                  <th scope="row" className="py-3 pr-2 font-medium">
                    {g.gate ?? t('unnamedGate')}
                  </th>
                  <td className="py-3 text-right text-xl font-semibold tabular-nums">{number(g.admitted)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" className="py-3 pr-2 font-bold">
                  {t('total')}
                </th>
                <td className="py-3 text-right text-xl font-bold tabular-nums">{number(data.entered.total)}</td>
              </tr>
            </tfoot>
          </table>
        )}
      </section>
      <section aria-labelledby="live-categories-title" className="space-y-2">
        <h3 id="live-categories-title" className="text-lg font-bold">
          {t('categories')}
        </h3>
        <table className="w-full border-collapse text-left">
          <thead>
            <tr className="border-b border-slate-300 text-sm text-slate-700">
              <th scope="col" className="py-2 pr-2 font-medium">
                {t('category')}
              </th>
              <th scope="col" className="py-2 pr-2 text-right font-medium">
                {t('soldColumn')}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {t('state')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.categories.map((c) => (
              <tr key={c.id} className="border-b border-slate-200" data-testid={`live-category-${c.code}`}>
                <th scope="row" className="py-3 pr-2 font-medium">
                  <span className="mr-2 inline-block h-3 w-3 rounded-full align-middle" style={{ backgroundColor: c.color }} aria-hidden="true" />
                  {c.name}
                </th>
                <td className="py-3 pr-2 text-right text-xl font-semibold tabular-nums">
                  {number(c.sold)}
                  <span className="text-sm font-normal text-slate-700"> / {number(c.capacity)}</span>
                </td>
                <td className="py-3 text-right">
                  <span className={`rounded-full px-2.5 py-0.5 text-sm font-medium ${c.soldOut ? 'bg-amber-100 text-amber-900' : 'bg-emerald-100 text-emerald-900'}`}>
                    {c.soldOut ? t('soldOut') : t('available')}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
