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
import { bankAccountSchema, type BankAccountView } from '@/lib/schemas/payouts';
import { ConfirmDialog } from './confirm-dialog';

type Values = z.input<typeof bankAccountSchema>;
const FIELDS = ['iban', 'holderName', 'bic'];
const empty: Values = { iban: '', holderName: '', bic: '' };

/**
 * The seller's bank account on the profile: shown masked, with a form to add or change it (the IBAN is
 * checked here with the API's own schema, so a typo is caught before it is sent) and a way to remove it.
 */
export function BankAccountForm({ initial }: { initial: BankAccountView | null }) {
  const t = useTranslations('payouts.bankAccount');
  const router = useRouter();
  const [account, setAccount] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [, startTransition] = useTransition();
  const form = useForm<Values, unknown, z.output<typeof bankAccountSchema>>({ resolver: zodResolver(bankAccountSchema), defaultValues: empty });
  const { errors, isSubmitting } = form.formState;

  const save = form.handleSubmit(async (body) => {
    setFormError(null);
    const result = await api.put<{ bankAccount: BankAccountView }>('/api/v1/payouts/bank-account', body, { toast: FORM_STATUSES });
    if (!result.ok) return setFormError(applyServerErrors(result.status, result.error, form.setError, FIELDS));
    setAccount(result.data.bankAccount);
    setEditing(false);
    form.reset(empty);
    notify.success({ title: t('saved') });
    // The payout ledger's "add a bank account" lines change with it.
    startTransition(() => router.refresh());
  });

  async function remove() {
    setRemoving(true);
    const result = await api.delete<{ bankAccount: null }>('/api/v1/payouts/bank-account');
    setRemoving(false);
    setConfirming(false);
    if (!result.ok) return;
    setAccount(null);
    notify.success({ title: t('removed') });
    startTransition(() => router.refresh());
  }

  const button = 'min-h-11 rounded-lg border px-4 py-2 text-sm font-medium';

  return (
    <section id="bank-account" aria-labelledby="bank-account-title" className="space-y-4 rounded-xl border border-slate-200 bg-white p-6" data-testid="bank-account">
      <h2 id="bank-account-title" className="text-xl font-semibold">
        {t('title')}
      </h2>
      <p className="text-slate-700">{t('intro')}</p>
      {!editing && (
        <>
          {account ? (
            <p className="font-medium" data-testid="bank-account-current">
              {t('current', { iban: account.iban, holder: account.holderName })}
              {account.bic && <span className="block text-sm font-normal text-slate-600">{t('bicShown', { bic: account.bic })}</span>}
            </p>
          ) : (
            <p className="text-slate-700">{t('none')}</p>
          )}
          <div className="flex flex-wrap gap-3">
            <button type="button" onClick={() => setEditing(true)} className={`${button} border-slate-300 bg-white hover:bg-slate-50`}>
              {account ? t('change') : t('add')}
            </button>
            {account && (
              <button type="button" onClick={() => setConfirming(true)} className={`${button} border-red-300 bg-white text-red-800 hover:bg-red-50`}>
                {t('remove')}
              </button>
            )}
          </div>
        </>
      )}
      {editing && (
        <form noValidate onSubmit={save} className="space-y-4">
          <FormAlert message={formError} />
          <div className="space-y-1">
            <TextField label={t('iban')} autoComplete="off" autoCapitalize="characters" spellCheck={false} error={errors.iban?.message} {...form.register('iban')} />
            <p className="text-sm text-slate-600">{t('ibanHint')}</p>
          </div>
          <TextField label={t('holderName')} autoComplete="name" maxLength={70} error={errors.holderName?.message} {...form.register('holderName')} />
          <TextField label={t('bic')} autoComplete="off" autoCapitalize="characters" spellCheck={false} error={errors.bic?.message} {...form.register('bic')} />
          <div className="flex flex-col gap-3 sm:flex-row">
            <div className="sm:w-56">
              <SubmitButton pending={isSubmitting} pendingLabel={t('saving')}>
                {t('save')}
              </SubmitButton>
            </div>
            <button
              type="button"
              onClick={() => {
                form.reset(empty);
                setFormError(null);
                setEditing(false);
              }}
              className={`${button} border-slate-300 bg-white hover:bg-slate-50`}
            >
              {t('cancel')}
            </button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('removeTitle')}
        confirmLabel={t('removeYes')}
        cancelLabel={t('removeNo')}
        pending={removing}
        pendingLabel={t('removing')}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      >
        {t('removeText')}
      </ConfirmDialog>
    </section>
  );
}
