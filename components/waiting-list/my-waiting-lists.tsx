'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import { apiQuery } from '@/lib/client/api-client';
import { formatDate } from '@/lib/i18n/formats';
import { Link } from '@/lib/i18n/navigation';
import type { WaitingEntry } from '@/lib/schemas/waiting-list';

/** Your tickets: the fan's places on waiting lists (open ones, and those that ended this week); nothing when there are none. */
export function MyWaitingLists() {
  const t = useTranslations('waitingList');
  const locale = useLocale();
  const headingId = useId();
  // Read on arrival and every 30 s while the page is visible. Your tickets carries no query library (its
  // first-load JS budget): a plain poll is all this list needs.
  const [entries, setEntries] = useState<WaitingEntry[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    const read = apiQuery<{ entries: WaitingEntry[] }>('/api/v1/waiting-list', { toast: false });
    const load = () => {
      if (document.visibilityState !== 'visible') return;
      read({ signal: controller.signal }).then(
        (data) => setEntries(data.entries),
        () => {},
      );
    };
    load();
    const timer = setInterval(load, 30_000);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, []);
  if (!entries.length) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="my-waiting-lists">
      <h2 id={headingId} className="mb-3 text-lg font-semibold">
        {t('mine.title')}
      </h2>
      <ul className="divide-y divide-slate-200">
        {entries.map((entry) => (
          <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2" data-status={entry.status}>
            <Link href={{ pathname: entry.status === 'offered' ? '/events/[id]/cart' : '/events/[id]', params: { id: entry.eventId } }} className="font-medium text-emerald-900 underline">
              {entry.eventTitle}
            </Link>
            <span className="text-sm text-slate-700">
              {t('mine.tickets', { count: entry.quantity })}
              {entry.ticketTypeName ? ` · ${entry.ticketTypeName}` : ''}
              {' · '}
              {entry.status === 'waiting' && entry.position
                ? t('mine.position', { position: entry.position })
                : entry.status === 'offered' && entry.offerExpiresAt
                  ? t('mine.until', { time: formatDate(new Date(entry.offerExpiresAt), locale, { timeStyle: 'short' }) })
                  : t(`status.${entry.status}`)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
