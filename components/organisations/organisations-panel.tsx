'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerErrors, FORM_STATUSES } from '@/components/auth/auth-helpers';
import { FormAlert, SelectField, SubmitButton, TextField } from '@/components/auth/form-parts';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { formatNumber } from '@/lib/i18n/formats';
import { useRouter } from '@/lib/i18n/navigation';
import { formatMoney } from '@/lib/money';
import {
  organisationTermsSchema,
  PAYOUT_SCHEDULES,
  type OrganisationAdminView,
  type OrganisationTermsForm,
  type OrganisationTermsInput,
  type PaymentProvidersView,
} from '@/lib/schemas/organisations';

const FIELDS = ['paymentProvider', 'platformFeePerTicket', 'platformFeeBps', 'payoutSchedule', 'reason'];
const button = 'min-h-11 rounded-lg border px-4 py-2 text-sm font-medium';

/** Tribuna admins' organisations: each with its payment provider and commercial terms, and a form to change them with a reason. */
export function OrganisationsPanel({ organisations, providers }: { organisations: OrganisationAdminView[]; providers: PaymentProvidersView }) {
  const t = useTranslations('organisations');
  if (!organisations.length) return <p className="text-slate-700">{t('empty')}</p>;
  return (
    <ul className="space-y-4">
      {organisations.map((organisation) => (
        <li key={organisation.id}>
          <OrganisationCard organisation={organisation} providers={providers} />
        </li>
      ))}
    </ul>
  );
}

function useProviderLabel(providers: PaymentProvidersView) {
  const t = useTranslations('organisations.providers');
  return (choice: OrganisationAdminView['paymentProvider']) =>
    choice === 'comgate' ? (providers.comgate ? t('comgate') : t('comgateMissing')) : providers.default ? t('default', { name: t(providers.default) }) : t('defaultNone');
}

function OrganisationCard({ organisation: initial, providers }: { organisation: OrganisationAdminView; providers: PaymentProvidersView }) {
  const t = useTranslations('organisations');
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const providerLabel = useProviderLabel(providers);
  const [organisation, setOrganisation] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [, startTransition] = useTransition();
  // Closing the form (saved or cancelled) gives the keyboard back to the button that opened it.
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (!editing && wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const defaults = (o: OrganisationAdminView): OrganisationTermsForm => ({
    paymentProvider: o.paymentProvider,
    platformFeePerTicket: o.platformFeePerTicket,
    platformFeeBps: o.platformFeeBps,
    payoutSchedule: o.payoutSchedule,
    reason: '',
  });
  const form = useForm<OrganisationTermsForm, unknown, OrganisationTermsInput>({ resolver: zodResolver(organisationTermsSchema), defaultValues: defaults(organisation) });
  const { errors, isSubmitting } = form.formState;

  const save = form.handleSubmit(async (body) => {
    setFormError(null);
    const result = await api.put<{ organisation: OrganisationAdminView }>(`/api/v1/admin/organisations/${organisation.id}/terms`, body, { toast: FORM_STATUSES });
    if (!result.ok) return setFormError(applyServerErrors(result.status, result.error, form.setError, FIELDS));
    setOrganisation(result.data.organisation);
    form.reset(defaults(result.data.organisation));
    setEditing(false);
    notify.success({ title: t('saved', { name: organisation.name }) });
    startTransition(() => router.refresh());
  });

  const close = () => {
    form.reset(defaults(organisation));
    setFormError(null);
    setEditing(false);
  };

  const current = t('current', {
    provider: providerLabel(organisation.paymentProvider),
    perTicket: formatMoney({ amount: organisation.platformFeePerTicket, currency: organisation.currency }, locale),
    bps: formatNumber(organisation.platformFeeBps / 100, locale, { maximumFractionDigits: 2 }),
    schedule: t(`schedules.${organisation.payoutSchedule}`),
  });

  return (
    <article aria-labelledby={`${id}-title`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" data-testid="organisation" data-slug={organisation.slug}>
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          {organisation.name}
        </h2>
        <span className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800">
          {organisation.approved ? t('approved') : t('notApproved')} · {organisation.country} · {organisation.currency}
        </span>
      </header>
      <p data-testid="organisation-terms">{current}</p>
      {!editing && (
        <button ref={editButton} type="button" onClick={() => setEditing(true)} className={`${button} border-slate-300 bg-white hover:bg-slate-50`}>
          {t('edit')}
        </button>
      )}
      {editing && (
        <form id={`${id}-form`} noValidate onSubmit={save} className="space-y-4 border-t border-slate-200 pt-4" aria-label={`${t('edit')}: ${organisation.name}`}>
          <FormAlert message={formError} />
          <div className="space-y-1">
            <SelectField label={t('fields.paymentProvider')} error={errors.paymentProvider?.message} autoFocus {...form.register('paymentProvider')}>
              <option value="default">{providerLabel('default')}</option>
              {/* A Comgate the server lacks cannot be chosen (the API refuses it too); one chosen before stays shown. */}
              <option value="comgate" disabled={!providers.comgate && organisation.paymentProvider !== 'comgate'}>
                {providerLabel('comgate')}
              </option>
            </SelectField>
            {!providers.comgate && <p className="text-sm text-slate-600">{t('comgateHint')}</p>}
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label={t('fields.feePerTicket')}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              error={errors.platformFeePerTicket?.message}
              {...form.register('platformFeePerTicket', { valueAsNumber: true })}
            />
            <TextField label={t('fields.feeBps')} type="number" min={0} step={1} inputMode="numeric" error={errors.platformFeeBps?.message} {...form.register('platformFeeBps', { valueAsNumber: true })} />
          </div>
          <SelectField label={t('fields.payoutSchedule')} error={errors.payoutSchedule?.message} {...form.register('payoutSchedule')}>
            {PAYOUT_SCHEDULES.map((schedule) => (
              <option key={schedule} value={schedule}>
                {t(`schedules.${schedule}`)}
              </option>
            ))}
          </SelectField>
          <TextField label={t('fields.reason')} maxLength={500} autoComplete="off" error={errors.reason?.message} {...form.register('reason')} />
          <div className="flex flex-col gap-3 sm:flex-row">
            <div className="sm:w-56">
              <SubmitButton pending={isSubmitting} pendingLabel={t('saving')}>
                {t('save')}
              </SubmitButton>
            </div>
            <button type="button" onClick={close} className={`${button} border-slate-300 bg-white hover:bg-slate-50`}>
              {t('cancel')}
            </button>
          </div>
        </form>
      )}
    </article>
  );
}
