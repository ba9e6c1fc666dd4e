'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { majorUnits, moneyOrNaN, sellerPayout } from '@/lib/money';
import { listingFormSchema, type OwnedTicket } from '@/lib/schemas/tickets';
import { TextField } from '@/components/auth/form-parts';
import { DialogFormEnd } from './form';
import { formatDateTime, formatMoney, localized } from './format';
import { Modal } from './modal';

type Props = { ticket: OwnedTicket; open: boolean; onClose: () => void; onDone: () => void };

/** The server's refusals of this ticket (resale/eligibility.ts), said as the listing call would say them. */
const REFUSAL_MESSAGE = {
  COMPANION_NOT_ALONE: 'errors.companionNotAlone',
  RESALE_WITH_COMPANION: 'errors.withCompanion',
  CONCESSION_RESALE_NOT_ALLOWED: 'errors.concessionNotAllowed',
  FREE_TICKET_RESALE_NOT_ALLOWED: 'errors.freeNotAllowed',
} as const;

/**
 * The fan's resale offer: price within the organiser's cap, with the fee and payout shown before sending.
 * When the organiser does not allow resale (or it has closed), the dialog says so instead of a form.
 */
export function SellDialog(props: Props) {
  const t = useTranslations('resale');
  const { enabled, closesAt, refusal } = props.ticket.event.resale;
  const [closed] = useState(() => new Date(closesAt).getTime() <= Date.now());
  if (enabled && !closed && !refusal) return <SellForm {...props} />;
  return (
    <Modal open={props.open} onClose={props.onClose} title={t('title')}>
      <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-amber-950" data-testid="resale-unavailable">
        {!enabled ? t('unavailable') : refusal ? t(REFUSAL_MESSAGE[refusal]) : t('errors.windowClosed')}
      </p>
      <button type="button" onClick={props.onClose} className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50">
        {t('close')}
      </button>
    </Modal>
  );
}

function SellForm({ ticket, open, onClose, onDone }: Props) {
  const t = useTranslations('resale');
  const locale = useLocale();
  const [formError, setFormError] = useState<string | null>(null);
  const { capAmount, closesAt, sellerFeeBps } = ticket.event.resale;
  const form = useForm<z.input<typeof listingFormSchema>>({
    resolver: zodResolver(listingFormSchema),
    defaultValues: { price: capAmount != null ? majorUnits(capAmount) : '' },
  });
  const typed = form.watch('price');
  const valid = listingFormSchema.safeParse({ price: typed }).success;
  const typedAmount = valid ? moneyOrNaN(typed) : null;
  // Over the cap there is no payout to promise: the cap and the error instead (the server refuses it too).
  const overCap = typedAmount != null && capAmount != null && typedAmount > capAmount;
  const amount = overCap ? null : typedAmount;
  const sale = amount != null ? sellerPayout(amount, sellerFeeBps) : null;
  const money = (value: number) => formatMoney(value, ticket.currency, locale);

  const submit = form.handleSubmit(async ({ price }) => {
    setFormError(null);
    if (overCap) return;
    const result = await api.post(`/api/v1/tickets/${ticket.id}/listing`, { price: moneyOrNaN(price) }, { toast: [404, 409, 422] });
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
      {/* The cap is taken of this, not of the category's face value (a concession paid less). */}
      <p className="text-sm text-slate-600">{t('pricePaid', { price: money(ticket.pricePaid) })}</p>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          inputMode="decimal"
          autoComplete="off"
          label={t('price', { currency: ticket.currency })}
          error={overCap && capAmount != null ? t('errors.overCap', { cap: money(capAmount) }) : form.formState.errors.price?.message}
          {...form.register('price')}
        />
        {sale && (
          <dl className="grid grid-cols-2 gap-1 text-sm">
            <dt className="text-slate-600">{t('fee', { percent: `${(sellerFeeBps / 100).toLocaleString(locale)} %` })}</dt>
            <dd className="text-right">−{money(sale.fee)}</dd>
          </dl>
        )}
        {sale && (
          <p className="font-semibold" data-testid="resale-payout">
            {t('payout', { amount: money(sale.payout) })}
          </p>
        )}
        <DialogFormEnd error={formError} pending={form.formState.isSubmitting} submitLabel={t('submit')} cancelLabel={t('cancel')} onCancel={onClose} />
      </form>
    </Modal>
  );
}
