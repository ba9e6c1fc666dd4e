'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { redeemSchema } from '@/lib/schemas/tickets';
import { TextField } from '@/components/auth/form-parts';
import { DialogFormEnd } from './form';
import { Modal } from './modal';

export function RedeemDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const t = useTranslations('redeem');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof redeemSchema>>({ resolver: zodResolver(redeemSchema), defaultValues: { code: '' } });

  const submit = form.handleSubmit(async ({ code }) => {
    setFormError(null);
    const result = await api.post<{ ticketIds: string[] }>('/api/v1/tickets/redeem', { code }, { toast: [409, 422, 429] });
    if (!result.ok) {
      if (result.status === 422) form.setError('code', { message: result.error.message });
      else if (result.status) setFormError(result.error.message);
      return;
    }
    notify.success({ title: t('success', { count: result.data.ticketIds.length }) });
    form.reset();
    onDone();
  });

  return (
    <Modal open={open} onClose={onClose} title={t('title')}>
      <p className="text-sm text-slate-700">{t('description')}</p>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField autoComplete="off" autoCapitalize="characters" spellCheck={false} label={t('code')} error={form.formState.errors.code?.message} {...form.register('code')} />
        <DialogFormEnd error={formError} pending={form.formState.isSubmitting} submitLabel={t('submit')} cancelLabel={t('cancel')} onCancel={onClose} />
      </form>
    </Modal>
  );
}
