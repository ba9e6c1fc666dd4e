'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors, FORM_STATUSES } from '@/components/auth/auth-helpers';
import { FormAlert, SubmitButton, TextField } from '@/components/auth/form-parts';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { formatDate } from '@/lib/i18n/formats';
import { useRouter } from '@/lib/i18n/navigation';
import { legalProfileSchema, type LegalProfileView } from '@/lib/schemas/onboarding';

type Values = z.input<typeof legalProfileSchema>;
const FIELDS = ['legalName', 'legalForm', 'street', 'city', 'postcode', 'ico', 'dic', 'vatRegistered', 'vatId', 'iban', 'bic', 'currentPassword'] as const;

/**
 * The organisation's legal profile (owners: PUT …/organisations/{orgId}/legal-profile). Name, form and
 * address change at once; the bank account and tax data need the current password and apply after the
 * cooling period — the waiting change is shown with the day it applies.
 */
export function LegalProfileForm({ profile, coolingDays }: { profile: LegalProfileView; coolingDays: number }) {
  const t = useTranslations('onboarding');
  const locale = useLocale();
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const when = (iso: string) => formatDate(new Date(iso), locale, { dateStyle: 'long', timeStyle: 'short' });
  const form = useForm<Values, unknown, z.output<typeof legalProfileSchema>>({
    resolver: zodResolver(legalProfileSchema) as never,
    defaultValues: {
      legalName: profile.legalName,
      legalForm: profile.legalForm,
      street: profile.street,
      city: profile.city,
      postcode: profile.postcode,
      ico: profile.ico,
      dic: profile.dic,
      vatRegistered: profile.vatRegistered,
      vatId: profile.vatId ?? '',
      iban: profile.iban,
      bic: profile.bic ?? '',
      currentPassword: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const vatRegistered = form.watch('vatRegistered');

  const save = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await api.put<LegalProfileView>(`/api/v1/organiser/organisations/${profile.orgId}/legal-profile`, { ...values, currentPassword: values.currentPassword || undefined }, { toast: FORM_STATUSES });
    if (!result.ok) return setFormError(applyServerErrors(result.status, result.error, form.setError, FIELDS));
    const waiting = result.data.pending;
    notify.success({ title: waiting && waiting.requestedAt !== profile.pending?.requestedAt ? t('profile.savedPending', { when: when(waiting.effectiveAt) }) : t('profile.saved') });
    form.setValue('currentPassword', '');
    startTransition(() => router.refresh());
  });

  const text = (name: Exclude<(typeof FIELDS)[number], 'vatRegistered' | 'currentPassword'>, label: string, props: Record<string, string> = {}) => (
    <TextField label={label} error={errors[name]?.message} {...props} {...form.register(name)} />
  );
  const f = (name: string) => t(`apply.fields.${name}` as 'apply.fields.name');

  return (
    <div className="space-y-4">
      {profile.pending && (
        <section aria-labelledby="pending-change" className="rounded-xl border border-amber-300 bg-amber-50 p-4" data-testid="pending-change">
          <h3 id="pending-change" className="font-semibold">
            {t('profile.pendingTitle')}
          </h3>
          <p>{t('profile.pendingText', { requested: when(profile.pending.requestedAt), when: when(profile.pending.effectiveAt) })}</p>
          <p className="mt-1 break-words text-sm">
            IBAN {profile.pending.iban}
            {profile.pending.bic ? ` · BIC ${profile.pending.bic}` : ''} · IČO {profile.pending.ico} · DIČ {profile.pending.dic}
            {profile.pending.vatRegistered && profile.pending.vatId ? ` · ${profile.pending.vatId}` : ''}
          </p>
        </section>
      )}
      <form onSubmit={save} noValidate className="max-w-2xl space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <FormAlert message={formError} />
        {text('legalName', f('legalName'))}
        <div className="grid gap-4 sm:grid-cols-2">
          {text('legalForm', f('legalForm'))}
          {text('street', f('street'), { autoComplete: 'street-address' })}
          {text('postcode', f('postcode'), { inputMode: 'numeric' })}
          {text('city', f('city'))}
        </div>
        <p className="text-sm text-slate-700">{t('profile.sensitiveNote', { days: coolingDays })}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('ico', f('ico'), { inputMode: 'numeric' })}
          {text('dic', f('dic'))}
        </div>
        <label className="flex items-center gap-3 text-base">
          <input type="checkbox" className="h-5 w-5 accent-emerald-800" {...form.register('vatRegistered')} />
          {f('vatRegistered')}
        </label>
        {vatRegistered && text('vatId', f('vatId'))}
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="sm:col-span-2">{text('iban', f('iban'), { autoComplete: 'off', spellCheck: 'false' })}</div>
          {text('bic', f('bic'), { autoComplete: 'off', spellCheck: 'false' })}
        </div>
        <div>
          <TextField label={t('profile.currentPassword')} type="password" autoComplete="current-password" error={errors.currentPassword?.message} {...form.register('currentPassword')} />
          <p className="mt-1 text-sm text-slate-700">{t('profile.passwordHint')}</p>
        </div>
        <SubmitButton pending={isSubmitting || pending} pendingLabel={t('profile.saving')} inline>
          {t('profile.save')}
        </SubmitButton>
      </form>
    </div>
  );
}
