'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { useHydrated } from '@/components/ui/use-hydrated';
import type { WaitingListOverviewAnswer } from '@/lib/schemas/waiting-list';

/** The event's waiting list in the console: on or off, the minutes an offer holds its tickets, how many wait. */
export function WaitingListForm({ eventId, initial }: { eventId: string; initial: WaitingListOverviewAnswer }) {
  const t = useTranslations('waitingList.organiser');
  const enabledId = useId();
  const minutesId = useId();
  const [overview, setOverview] = useState(initial);
  const [enabled, setEnabled] = useState(initial.enabled);
  const [minutes, setMinutes] = useState(String(initial.offerMinutes));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Disabled until React listens: a change made before would be undone by hydration, unnoticed.
  const hydrated = useHydrated();

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await api.put<WaitingListOverviewAnswer>(`/api/v1/organiser/events/${eventId}/waiting-list`, { enabled, offerMinutes: Number(minutes) }, { toast: [422] });
      if (result.ok) {
        setOverview(result.data);
        notify.success({ title: t('saved') });
      } else if (result.status === 422) {
        setError(result.error.errors[0]?.message ?? result.error.message);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} className="max-w-2xl space-y-4" data-testid="waiting-list-form">
      <p className="text-slate-700">{t('hint')}</p>
      <p className="text-slate-800" data-testid="waiting-list-counts">
        {t('counts', { waiting: overview.waiting, offered: overview.offered, bought: overview.bought })}
      </p>
      <fieldset disabled={!hydrated} className="space-y-4">
        <div className="flex items-center gap-2">
          <input id={enabledId} type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} className="h-5 w-5" />
          <label htmlFor={enabledId} className="font-medium">
            {t('enabled')}
          </label>
        </div>
        <div className="space-y-1">
          <label htmlFor={minutesId} className="block font-medium">
            {t('offerMinutes')}
          </label>
          <input
            id={minutesId}
            type="number"
            inputMode="numeric"
            min={5}
            max={1440}
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${minutesId}-error` : undefined}
            className="w-32 rounded-lg border border-slate-400 px-3 py-2"
          />
          {error && (
            <p id={`${minutesId}-error`} className="text-sm text-red-800">
              {error}
            </p>
          )}
        </div>
      </fieldset>
      <button type="submit" disabled={busy || !hydrated} className="rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white disabled:opacity-60">
        {t('save')}
      </button>
    </form>
  );
}
