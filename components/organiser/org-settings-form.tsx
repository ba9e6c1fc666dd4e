'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors, FORM_STATUSES } from '@/components/auth/auth-helpers';
import { FormAlert, SelectField, SubmitButton, TextField } from '@/components/auth/form-parts';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import { orgSettingsPatchSchema } from '@/lib/schemas/organiser-codes';

type Values = { name: string; website: string; contactEmail: string; language: 'sk' | 'cs' | 'en'; currency: 'EUR' | 'CZK' };
const FIELDS = ['name', 'website', 'contactEmail', 'language', 'currency'] as const;

/**
 * The organisation's name, website, the contact email fans see, and its own language and currency: the
 * language its event texts are written in first (required; the others fall back to it when read) and the
 * currency its new events start in (PATCH …/organisations/{orgId}/settings).
 */
export function OrgSettingsForm({ orgId, initial }: { orgId: string; initial: Values }) {
  const t = useTranslations('organiser.settings');
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const form = useForm<Values, unknown, z.output<typeof orgSettingsPatchSchema>>({ resolver: zodResolver(orgSettingsPatchSchema) as never, defaultValues: initial });
  const { errors, isSubmitting } = form.formState;

  const save = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await api.patch(`/api/v1/organiser/organisations/${orgId}/settings`, values, { toast: FORM_STATUSES });
    if (!result.ok) return setFormError(applyServerErrors(result.status, result.error, form.setError, FIELDS));
    notify.success({ title: t('saved') });
    form.reset({ name: values.name ?? '', website: values.website ?? '', contactEmail: values.contactEmail ?? '', language: values.language ?? 'sk', currency: values.currency ?? 'EUR' });
    startTransition(() => router.refresh());
  });

  return (
    <form onSubmit={save} noValidate className="max-w-2xl space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <FormAlert message={formError} />
      <TextField label={t('name')} autoComplete="organization" error={errors.name?.message} {...form.register('name')} />
      <TextField label={t('website')} type="url" inputMode="url" autoComplete="url" error={errors.website?.message} {...form.register('website')} />
      <TextField label={t('contactEmail')} type="email" autoComplete="email" error={errors.contactEmail?.message} {...form.register('contactEmail')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t('language')} error={errors.language?.message} {...form.register('language')}>
          {(['sk', 'cs', 'en'] as const).map((language) => (
            <option key={language} value={language}>
              {t(`languages.${language}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('currency')} error={errors.currency?.message} {...form.register('currency')}>
          {(['EUR', 'CZK'] as const).map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </SelectField>
      </div>
      <p className="text-sm text-slate-700">{t('languageNote')}</p>
      <SubmitButton pending={isSubmitting || pending} pendingLabel={t('saving')} inline>
        {t('save')}
      </SubmitButton>
    </form>
  );
}
