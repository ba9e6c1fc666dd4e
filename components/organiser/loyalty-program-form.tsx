'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useHydrated } from '@/components/ui/use-hydrated';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { loyaltyProgramSchema, type LoyaltyProgram } from '@/lib/schemas/loyalty';
import { Toggle } from './resale-policy-form';

/** The organiser's loyalty programme: on/off, points per check-in and per euro/koruna spent, and what points are worth in the cart. */
export function LoyaltyProgramForm({ orgId, initial }: { orgId: string; initial: LoyaltyProgram }) {
  const t = useTranslations('loyalty.organiser');
  const tAll = useTranslations();
  const id = useId();
  const hydrated = useHydrated();
  const [enabled, setEnabled] = useState(initial.enabled);
  const [attendance, setAttendance] = useState(String(initial.attendancePoints));
  const [perUnit, setPerUnit] = useState(String(initial.pointsPerUnit));
  const [redeemRate, setRedeemRate] = useState(String(initial.redeemRate));
  const [redeemMax, setRedeemMax] = useState(String(initial.redeemMaxPercent));
  const [members, setMembers] = useState(initial.members);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = loyaltyProgramSchema.safeParse({
      enabled,
      attendancePoints: Number(attendance.trim() || NaN),
      pointsPerUnit: Number(perUnit.trim() || NaN),
      redeemRate: Number(redeemRate.trim() || NaN),
      redeemMaxPercent: Number(redeemMax.trim() || NaN),
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await api.put<LoyaltyProgram>(`/api/v1/organiser/organisations/${orgId}/loyalty`, parsed.data);
    setBusy(false);
    if (result.ok) {
      setMembers(result.data.members);
      notify.success({ title: t('saved') });
    }
  };

  const field = (name: 'attendancePoints' | 'pointsPerUnit' | 'redeemRate' | 'redeemMaxPercent', label: string, value: string, set: (v: string) => void) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        inputMode="numeric"
        value={value}
        onChange={(e) => set(e.target.value)}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        className="mt-1 w-40 rounded-lg border border-slate-300 px-3 py-2"
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {tAll.has(errors[name] as never) ? tAll(errors[name] as never) : errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form noValidate onSubmit={(e) => void save(e)} className="max-w-2xl space-y-4" data-testid="loyalty-form">
      <Toggle label={t('enabled')} checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
      <div className="flex flex-wrap gap-6">
        {field('attendancePoints', t('attendancePoints'), attendance, setAttendance)}
        {field('pointsPerUnit', t('pointsPerUnit'), perUnit, setPerUnit)}
      </div>
      <fieldset className="space-y-3">
        <legend className="font-semibold">{t('redeemTitle')}</legend>
        <p className="text-sm text-slate-700">{t('redeemNote')}</p>
        <div className="flex flex-wrap gap-6">
          {field('redeemRate', t('redeemRate'), redeemRate, setRedeemRate)}
          {field('redeemMaxPercent', t('redeemMaxPercent'), redeemMax, setRedeemMax)}
        </div>
      </fieldset>
      <p className="text-slate-800">{t('members', { count: members })}</p>
      <button type="submit" disabled={!hydrated || busy} className="rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white hover:bg-emerald-700 disabled:opacity-60">
        {t('save')}
      </button>
    </form>
  );
}
