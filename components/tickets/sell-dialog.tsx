'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { listingFormSchema, priceToMinorUnits, type OwnedTicket } from '@/lib/schemas/tickets';
import { TextField } from '@/components/auth/form-parts';
import { DialogFormEnd } from './form';
import { formatDateTime, formatMoney, localized } from './format';
import { Modal } from './modal';

type Props = { ticket: OwnedTicket; open: boolean; onClose: () => void; onDone: () => void };

/** The fan's resale offer: price within the organiser's cap, with the fee and payout shown before sending. */
export function SellDialog({ ticket, open, onClose, onDone }: Props) {
  const t = useTranslations('resale');
  const locale = useLocale();
  const [formError, setFormError] = useState<string | null>(null);
  const { capAmount, closesAt, sellerFeeBps } = ticket.event.resale;
  const form = useForm<z.input<typeof listingFormSchema>>({
    resolver: zodResolver(listingFormSchema),
    defaultValues: { price: capAmount != null ? (capAmount / 100).toFixed(2) : '' },
  });
  const typed = form.watch('price');
  const valid = listingFormSchema.safeParse({ price: typed }).success;
  const amount = valid ? priceToMinorUnits(typed) : null;
  const fee = amount != null ? Math.round((amount * sellerFeeBps) / 10_000) : null;
  const money = (value: number) => formatMoney(value, ticket.currency, locale);

  const submit = form.handleSubmit(async ({ price }) => {
    setFormError(null);
    const result = await api.post(`/api/v1/tickets/${ticket.id}/listing`, { price: priceToMinorUnits(price) }, { toast: [404, 409, 422] });
    if (!result.ok) {
      const field = result.error.errors.find((e) => e.field === 'price');
      if (field) form.setError('price', { message: field.message });
      else if (result.status) setFormError(result.error.message);
      return;
    }
    notify.success({ title: t('listed') });
    onDone();
  });

  return (
    <Modal open={open} onClose={onClose} title={t('title')}>
      <p className="font-medium">{localized(ticket.event.title, locale)}</p>
      <p className="text-sm text-slate-700">
        {capAmount != null
          ? t('description', { cap: money(capAmount), closes: formatDateTime(closesAt, locale) })
          : t('descriptionNoCap', { closes: formatDateTime(closesAt, locale) })}
      </p>
      <p className="text-sm text-slate-600">{t('faceValue', { price: money(ticket.priceAmount) })}</p>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField inputMode="decimal" autoComplete="off" label={t('price', { currency: ticket.currency })} error={form.formState.errors.price?.message} {...form.register('price')} />
        {amount != null && fee != null && (
          <dl className="grid grid-cols-2 gap-1 text-sm">
            <dt className="text-slate-600">{t('fee', { percent: `${(sellerFeeBps / 100).toLocaleString(locale)} %` })}</dt>
            <dd className="text-right">−{money(fee)}</dd>
          </dl>
        )}
        {amount != null && fee != null && (
          <p className="font-semibold" data-testid="resale-payout">
            {t('payout', { amount: money(amount - fee) })}
          </p>
        )}
        <DialogFormEnd error={formError} pending={form.formState.isSubmitting} submitLabel={t('submit')} cancelLabel={t('cancel')} onCancel={onClose} />
      </form>
    </Modal>
  );
}
