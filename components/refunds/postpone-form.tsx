'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import { localToInstant } from '@/lib/organiser/zoned-time';
import { useHydrated } from '@/components/ui/use-hydrated';

type Answer = { holders: number; postponement: { kept: number; refunded: number } };

/**
 * The console's Postpone action (lib/server/refunds/postpone.ts): a new start and a refund deadline (the
 * organiser's wall clock, Europe/Bratislava), an optional message; every holder is told.
 */
export function PostponeForm({ eventId }: { eventId: string }) {
  const t = useTranslations('refunds.organiser.postpone');
  const router = useRouter();
  const ids = { start: useId(), deadline: useId(), message: useId() };
  const [startsAt, setStartsAt] = useState('');
  const [deadline, setDeadline] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // Until React listens, what is typed would be reset at hydration and a click would post the form to the page itself.
  const hydrated = useHydrated();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const body = { startsAt: localToInstant(startsAt) ?? startsAt, refundDeadline: localToInstant(deadline) ?? deadline, ...(message.trim() ? { message } : {}) };
      const result = await api.post<Answer>(`/api/v1/organiser/events/${eventId}/postpone`, body, { toast: [409, 422] });
      if (result.ok) {
        notify.success({ title: t('done', { count: result.data.holders }) });
        router.refresh();
      } else if (result.status === 422 || result.status === 409) {
        const next: Record<string, string> = {};
        for (const e of result.error.errors) next[e.field ?? 'form'] = e.message;
        if (!Object.keys(next).length) next.form = result.error.message;
        setErrors(next);
      }
    } finally {
      setBusy(false);
    }
  }

  const field = (id: string, name: string, label: string, value: string, set: (v: string) => void) => (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="datetime-local"
        required
        value={value}
        onChange={(e) => set(e.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-error` : undefined}
        className="rounded-lg border border-slate-400 px-3 py-2"
      />
      {errors[name] && (
        <p id={`${id}-error`} className="text-sm text-red-800">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form onSubmit={submit} className="max-w-2xl space-y-4" data-testid="postpone-form">
      <p className="text-slate-700">{t('intro')}</p>
      <fieldset disabled={!hydrated} className="space-y-4">
        {field(ids.start, 'startsAt', t('startsAt'), startsAt, setStartsAt)}
        {field(ids.deadline, 'refundDeadline', t('refundDeadline'), deadline, setDeadline)}
        <div className="space-y-1">
          <label htmlFor={ids.message} className="block font-medium">
            {t('message')}
          </label>
          <textarea id={ids.message} value={message} maxLength={1000} onChange={(e) => setMessage(e.target.value)} rows={3} className="w-full rounded-lg border border-slate-400 px-3 py-2" />
        </div>
      </fieldset>
      {errors.form && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {errors.form}
        </p>
      )}
      <button type="submit" disabled={busy || !hydrated} className="rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white disabled:opacity-60">
        {t('submit')}
      </button>
    </form>
  );
}
