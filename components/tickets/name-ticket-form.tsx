'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { holderSchema } from '@/lib/schemas/named-tickets';

/**
 * A named ticket of a risk match (Slovak act 1/2014) that came without a holder — a gift, a redeemed code —
 * is named here by its owner: the code appears once it is (PUT /api/v1/tickets/{id}/holder).
 */
export function NameTicketForm({ ticketId, online, onDone }: { ticketId: string; online: boolean; onDone: () => void }) {
  const t = useTranslations('namedTickets');
  const tAll = useTranslations();
  const id = useId();
  const [name, setName] = useState('');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [errors, setErrors] = useState<{ name?: string; dateOfBirth?: string }>({});
  const [busy, setBusy] = useState(false);
  const message = (key: string) => (tAll.has(key as never) ? tAll(key as never) : key);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = holderSchema.safeParse({ name, dateOfBirth });
    if (!parsed.success) {
      const found: { name?: string; dateOfBirth?: string } = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as 'name' | 'dateOfBirth'] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await api.put(`/api/v1/tickets/${ticketId}/holder`, parsed.data);
    setBusy(false);
    if (result.ok) {
      notify.success({ title: t('tickets.saved', { name: parsed.data.name }) });
      onDone();
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3" data-testid="name-ticket-form">
      <p className="text-sm">{t('tickets.needsName')}</p>
      <div className="mt-2 grid gap-3 sm:grid-cols-3 sm:items-end">
        <div>
          <label htmlFor={`${id}-name`} className="block text-sm font-medium">
            {t('cart.name')}
          </label>
          <input
            id={`${id}-name`}
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={Boolean(errors.name)}
            aria-describedby={errors.name ? `${id}-name-error` : undefined}
            className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
          />
          {errors.name && (
            <p id={`${id}-name-error`} role="alert" className="mt-1 text-sm text-red-700">
              {message(errors.name)}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-birth`} className="block text-sm font-medium">
            {t('cart.dateOfBirth')}
          </label>
          <input
            id={`${id}-birth`}
            type="date"
            autoComplete="bday"
            value={dateOfBirth}
            onChange={(e) => setDateOfBirth(e.target.value)}
            aria-invalid={Boolean(errors.dateOfBirth)}
            aria-describedby={errors.dateOfBirth ? `${id}-birth-error` : undefined}
            className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
          />
          {errors.dateOfBirth && (
            <p id={`${id}-birth-error`} role="alert" className="mt-1 text-sm text-red-700">
              {message(errors.dateOfBirth)}
            </p>
          )}
        </div>
        <button type="submit" disabled={busy || !online} className="rounded-lg bg-emerald-800 px-4 py-2 font-medium text-white hover:bg-emerald-700 disabled:opacity-50">
          {t('tickets.nameTicket')}
        </button>
      </div>
    </form>
  );
}
