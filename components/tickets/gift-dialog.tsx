'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { giftSchema } from '@/lib/schemas/tickets';
import { TextField } from '@/components/auth/form-parts';
import { DialogFormEnd } from './form';
import { Modal } from './modal';

type Props = { ticketId: string; eventTitle: string; open: boolean; onClose: () => void; onDone: () => void };

export function GiftDialog({ ticketId, eventTitle, open, onClose, onDone }: Props) {
  const t = useTranslations('gift');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof giftSchema>, unknown, z.output<typeof giftSchema>>({ resolver: zodResolver(giftSchema), defaultValues: { email: '' } });

  const submit = form.handleSubmit(async ({ email }) => {
    setFormError(null);
    const result = await api.post<{ status: 'claimed' | 'pending'; toEmail: string }>(`/api/v1/tickets/${ticketId}/gift`, { email }, { toast: [404, 409, 422] });
    if (!result.ok) {
      if (result.status === 422) form.setError('email', { message: result.error.message });
      else if (result.status) setFormError(result.error.message);
      return;
    }
    notify.success({ title: result.data.status === 'claimed' ? t('sent', { email: result.data.toEmail }) : t('invited', { email: result.data.toEmail }) });
    form.reset();
    onDone();
  });

  return (
    <Modal open={open} onClose={onClose} title={t('title')}>
      <p className="font-medium">{eventTitle}</p>
      <p className="text-sm text-slate-700">{t('description')}</p>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField type="email" autoComplete="email" label={t('emailLabel')} error={form.formState.errors.email?.message} {...form.register('email')} />
        <DialogFormEnd error={formError} pending={form.formState.isSubmitting} submitLabel={t('submit')} cancelLabel={t('cancel')} onCancel={onClose} />
      </form>
    </Modal>
  );
}
