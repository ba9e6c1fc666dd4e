'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors, FORM_STATUSES } from '@/components/auth/auth-helpers';
import { FormAlert, SubmitButton, TextField } from '@/components/auth/form-parts';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import { orgSettingsPatchSchema } from '@/lib/schemas/organiser-codes';

type Values = { name: string; website: string; contactEmail: string };
const FIELDS = ['name', 'website', 'contactEmail'] as const;

/** The organisation's name, website and the contact email fans see (PATCH …/organisations/{orgId}/settings). */
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
    form.reset({ name: values.name ?? '', website: values.website ?? '', contactEmail: values.contactEmail ?? '' });
    startTransition(() => router.refresh());
  });

  return (
    <form onSubmit={save} noValidate className="max-w-2xl space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <FormAlert message={formError} />
      <TextField label={t('name')} autoComplete="organization" error={errors.name?.message} {...form.register('name')} />
      <TextField label={t('website')} type="url" inputMode="url" autoComplete="url" error={errors.website?.message} {...form.register('website')} />
      <TextField label={t('contactEmail')} type="email" autoComplete="email" error={errors.contactEmail?.message} {...form.register('contactEmail')} />
      <SubmitButton pending={isSubmitting || pending} pendingLabel={t('saving')} inline>
        {t('save')}
      </SubmitButton>
    </form>
  );
}
