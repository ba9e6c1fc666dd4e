'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState, useTransition, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerErrors, FORM_STATUSES } from '@/components/auth/auth-helpers';
import { FormAlert, SelectField, SubmitButton, TextField } from '@/components/auth/form-parts';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { applicationSchema, type ApplicationForm as Values, type ApplicationInput } from '@/lib/schemas/onboarding';

const FIELDS = [
  'name', 'kind', 'country', 'legalName', 'legalForm', 'street', 'city', 'postcode', 'ico', 'dic', 'vatRegistered', 'vatId', 'iban', 'bic',
  'contactEmail', 'contactPhone', 'language', 'currency', 'acceptTerms',
] as const;

export type ApplicationInitial = Omit<Values, 'acceptTerms'>;

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <legend className="px-1 text-lg font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * The application to sell on Tribuna (POST /api/v1/onboarding/application), or the open one changed and
 * sent again (PUT). Checked as the API checks it (lib/schemas/onboarding.ts: IČO checksum, DIČ and VAT
 * number per country, IBAN and BIC), every message at its field.
 */
export function ApplicationForm({ initial, editing }: { initial: ApplicationInitial | null; editing: boolean }) {
  const t = useTranslations('onboarding.apply');
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const form = useForm<Values, unknown, ApplicationInput>({
    resolver: zodResolver(applicationSchema) as never,
    defaultValues: {
      kind: 'club',
      country: 'SK',
      language: 'sk',
      currency: 'EUR',
      vatRegistered: false,
      ...initial,
      vatId: initial?.vatId ?? '',
      bic: initial?.bic ?? '',
      acceptTerms: false as never,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const vatRegistered = form.watch('vatRegistered');

  const send = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = editing ? await api.put('/api/v1/onboarding/application', values, { toast: FORM_STATUSES }) : await api.post('/api/v1/onboarding/application', values, { toast: FORM_STATUSES });
    if (!result.ok) return setFormError(applyServerErrors(result.status, result.error, form.setError, FIELDS));
    notify.success({ title: t('submitted') });
    startTransition(() => router.refresh());
  });

  const text = (name: Exclude<(typeof FIELDS)[number], 'kind' | 'country' | 'language' | 'currency' | 'vatRegistered' | 'acceptTerms'>, props: Record<string, string> = {}) => (
    <TextField label={t(`fields.${name}`)} error={errors[name]?.message} {...props} {...form.register(name)} />
  );

  return (
    <form onSubmit={send} noValidate className="space-y-6">
      <FormAlert message={formError} />
      <Group title={t('sections.organisation')}>
        {text('name', { autoComplete: 'organization' })}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={t('fields.kind')} error={errors.kind?.message} {...form.register('kind')}>
            {(['club', 'promoter', 'festival'] as const).map((kind) => (
              <option key={kind} value={kind}>
                {t(`kinds.${kind}`)}
              </option>
            ))}
          </SelectField>
          {text('legalForm')}
        </div>
        {text('legalName')}
      </Group>
      <Group title={t('sections.address')}>
        {text('street', { autoComplete: 'street-address' })}
        <div className="grid gap-4 sm:grid-cols-3">
          {text('postcode', { autoComplete: 'postal-code', inputMode: 'numeric' })}
          {text('city', { autoComplete: 'address-level2' })}
          <SelectField label={t('fields.country')} error={errors.country?.message} {...form.register('country')}>
            {(['SK', 'CZ'] as const).map((country) => (
              <option key={country} value={country}>
                {t(`countries.${country}`)}
              </option>
            ))}
          </SelectField>
        </div>
      </Group>
      <Group title={t('sections.tax')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            {text('ico', { inputMode: 'numeric' })}
            <p className="mt-1 text-sm text-slate-700">{t('hints.ico')}</p>
          </div>
          <div>
            {text('dic')}
            <p className="mt-1 text-sm text-slate-700">{t('hints.dic')}</p>
          </div>
        </div>
        <label className="flex items-center gap-3 text-base">
          <input type="checkbox" className="h-5 w-5 accent-emerald-800" {...form.register('vatRegistered')} />
          {t('fields.vatRegistered')}
        </label>
        {vatRegistered && (
          <div>
            {text('vatId')}
            <p className="mt-1 text-sm text-slate-700">{t('hints.vatId')}</p>
          </div>
        )}
      </Group>
      <Group title={t('sections.bank')}>
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="sm:col-span-2">
            {text('iban', { autoComplete: 'off', spellCheck: 'false' })}
            <p className="mt-1 text-sm text-slate-700">{t('hints.iban')}</p>
          </div>
          {text('bic', { autoComplete: 'off', spellCheck: 'false' })}
        </div>
      </Group>
      <Group title={t('sections.contact')}>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('contactEmail', { type: 'email', autoComplete: 'email' })}
          {text('contactPhone', { type: 'tel', autoComplete: 'tel' })}
          <SelectField label={t('fields.language')} error={errors.language?.message} {...form.register('language')}>
            {(['sk', 'cs', 'en'] as const).map((language) => (
              <option key={language} value={language}>
                {t(`languages.${language}`)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('fields.currency')} error={errors.currency?.message} {...form.register('currency')}>
            {(['EUR', 'CZK'] as const).map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </SelectField>
        </div>
      </Group>
      <Group title={t('sections.terms')}>
        <p>
          <Link href={{ pathname: '/terms', hash: 's8' }} className="font-medium text-emerald-800 underline" target="_blank">
            {t('termsLink')}
          </Link>
        </p>
        <label className="flex items-start gap-3 text-base">
          <input type="checkbox" className="mt-1 h-5 w-5 accent-emerald-800" aria-invalid={Boolean(errors.acceptTerms)} aria-describedby={errors.acceptTerms ? 'accept-terms-error' : undefined} {...form.register('acceptTerms')} />
          <span>{t('acceptTerms')}</span>
        </label>
        {errors.acceptTerms?.message && <TermsError id="accept-terms-error" message={errors.acceptTerms.message} />}
      </Group>
      <SubmitButton pending={isSubmitting || pending} pendingLabel={t('submitting')} inline>
        {editing ? t('resubmit') : t('submit')}
      </SubmitButton>
    </form>
  );
}

function TermsError({ id, message }: { id: string; message: string }) {
  const t = useTranslations();
  const text = /^[a-zA-Z]+\.[a-zA-Z.]+$/.test(message) && t.has(message as never) ? t(message as never) : message;
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {text}
    </p>
  );
}
