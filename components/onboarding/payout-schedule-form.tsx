'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, useTransition } from 'react';
import { SubmitButton } from '@/components/auth/form-parts';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import { PAYOUT_SCHEDULES, type LegalProfileView } from '@/lib/schemas/onboarding';

type Schedule = (typeof PAYOUT_SCHEDULES)[number];

/** The owner's choice of when Tribuna pays the organisation (PUT …/organisations/{orgId}/payout-schedule). */
export function PayoutScheduleForm({ orgId, initial, waitHours }: { orgId: string; initial: Schedule; waitHours: number }) {
  const t = useTranslations('onboarding.profile.schedule');
  const tp = useTranslations('onboarding.profile');
  const id = useId();
  const router = useRouter();
  const [schedule, setSchedule] = useState<Schedule>(initial);
  const [busy, setBusy] = useState(false);
  const [refreshing, startTransition] = useTransition();

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await api.put<LegalProfileView>(`/api/v1/organiser/organisations/${orgId}/payout-schedule`, { schedule });
    setBusy(false);
    if (!result.ok) return;
    notify.success({ title: t('saved') });
    startTransition(() => router.refresh());
  };

  return (
    <form noValidate onSubmit={(e) => void save(e)} className="max-w-2xl space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" data-testid="payout-schedule">
      <fieldset className="space-y-3">
        <legend className="sr-only">{t('title')}</legend>
        {PAYOUT_SCHEDULES.map((value) => (
          <div key={value} className="flex items-start gap-3">
            <input
              id={`${id}-${value}`}
              type="radio"
              name={`${id}-schedule`}
              value={value}
              checked={schedule === value}
              onChange={() => setSchedule(value)}
              aria-describedby={`${id}-${value}-hint`}
              className="mt-1 h-5 w-5 accent-emerald-800"
            />
            <div>
              <label htmlFor={`${id}-${value}`} className="font-medium">
                {value === 'period' ? t('period') : t('event')}
              </label>
              <p id={`${id}-${value}-hint`} className="text-sm text-slate-700">
                {value === 'period' ? t('periodHint') : t('eventHint', { hours: waitHours })}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <SubmitButton pending={busy || refreshing} pendingLabel={tp('saving')} inline>
        {t('save')}
      </SubmitButton>
    </form>
  );
}
