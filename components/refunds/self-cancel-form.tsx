'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import type { SelfCancelRulesAnswer } from '@/lib/schemas/refunds';

/** The event's rules for fans cancelling their own tickets (the console's event rules): allowed, hours before, the service fee. */
export function SelfCancelForm({ eventId, initial }: { eventId: string; initial: SelfCancelRulesAnswer }) {
  const t = useTranslations('refunds.organiser.selfCancel');
  const ids = { allowed: useId(), hours: useId(), fee: useId() };
  const [rules, setRules] = useState(initial);
  const [allowed, setAllowed] = useState(initial.allowed);
  const [hours, setHours] = useState(String(initial.hoursBefore));
  const [fee, setFee] = useState(initial.refundsFee === null ? 'organisation' : initial.refundsFee ? 'back' : 'kept');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = { allowed, hoursBefore: Number(hours), refundsFee: fee === 'organisation' ? null : fee === 'back' };
      const result = await api.put<SelfCancelRulesAnswer>(`/api/v1/organiser/events/${eventId}/self-cancel`, body, { toast: [422] });
      if (result.ok) {
        setRules(result.data);
        notify.success({ title: t('saved') });
      } else if (result.status === 422) {
        setError(result.error.errors[0]?.message ?? result.error.message);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} className="max-w-2xl space-y-4" data-testid="self-cancel-form">
      <p className="text-slate-700">{t('intro')}</p>
      <p className="text-slate-800">{t('cancelled', { count: rules.cancelled })}</p>
      <div className="flex items-center gap-2">
        <input id={ids.allowed} type="checkbox" checked={allowed} onChange={(e) => setAllowed(e.target.checked)} className="h-5 w-5" />
        <label htmlFor={ids.allowed} className="font-medium">
          {t('allowed')}
        </label>
      </div>
      <div className="space-y-1">
        <label htmlFor={ids.hours} className="block font-medium">
          {t('hoursBefore')}
        </label>
        <input
          id={ids.hours}
          type="number"
          inputMode="numeric"
          min={0}
          max={8760}
          value={hours}
          onChange={(e) => setHours(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids.hours}-error` : undefined}
          className="w-32 rounded-lg border border-slate-400 px-3 py-2"
        />
        {error && (
          <p id={`${ids.hours}-error`} className="text-sm text-red-800">
            {error}
          </p>
        )}
      </div>
      <div className="space-y-1">
        <label htmlFor={ids.fee} className="block font-medium">
          {t('fee')}
        </label>
        <select id={ids.fee} value={fee} onChange={(e) => setFee(e.target.value)} className="rounded-lg border border-slate-400 px-3 py-2">
          <option value="organisation">{t('feeOrganisation', { rule: rules.organisationRefundsFee ? t('ruleBack') : t('ruleKept') })}</option>
          <option value="back">{t('feeBack')}</option>
          <option value="kept">{t('feeKept')}</option>
        </select>
      </div>
      <button type="submit" disabled={busy} className="rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white disabled:opacity-60">
        {t('save')}
      </button>
    </form>
  );
}
