'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { SubmitButton, TextField } from '@/components/auth/form-parts';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { seasonTransferSchema } from '@/lib/schemas/seasons';

/** Gives the whole season ticket to another fan's account (POST /api/v1/season-tickets/{id}/transfer), behind a disclosure. */
export function SeasonTransfer({ seasonTicketId, onDone }: { seasonTicketId: string; onDone: () => void }) {
  const t = useTranslations('seasons.transfer');
  const tv = useTranslations();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = seasonTransferSchema.safeParse({ email });
    if (!parsed.success) return setError(tv(parsed.error.issues[0].message as never));
    setError(null);
    setSending(true);
    const result = await api.post<{ toEmail: string }>(`/api/v1/season-tickets/${seasonTicketId}/transfer`, parsed.data, { toast: [422] });
    setSending(false);
    if (!result.ok) {
      if (result.status === 422) setError(result.error.message);
      return;
    }
    notify.success({ title: t('done', { email: result.data.toEmail }) });
    onDone();
  }

  return (
    <details className="rounded-xl border border-slate-200 p-3">
      <summary className="flex min-h-11 cursor-pointer items-center font-medium text-emerald-900">{t('cta')}</summary>
      <form onSubmit={submit} noValidate className="mt-2 space-y-3">
        <p className="text-sm text-slate-700">{t('help')}</p>
        <TextField label={t('email')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={error ?? undefined} />
        <SubmitButton pending={sending} inline>
          {t('submit')}
        </SubmitButton>
      </form>
    </details>
  );
}
