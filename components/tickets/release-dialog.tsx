'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import type { OwnedTicket } from '@/lib/schemas/tickets';
import { DialogFormEnd } from './form';
import { formatDateTime, formatMoney, localized } from './format';
import { Modal } from './modal';

type Props = { ticket: OwnedTicket & { release: NonNullable<OwnedTicket['release']> }; open: boolean; onClose: () => void; onDone: () => void };

/**
 * A season-ticket holder who cannot come gives their seat for this one match back to the club's sale:
 * the dialog says what they get if it sells (the season's share of the face value, as wallet credit
 * with the club), that it may not sell, and until when they may take it back.
 */
export function ReleaseDialog({ ticket, open, onClose, onDone }: Props) {
  const t = useTranslations('release');
  const locale = useLocale();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const money = (value: number) => formatMoney(value, ticket.currency, locale);
  const { sharePercent, creditAmount, closesAt } = ticket.release;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setPending(true);
    const result = await api.post(`/api/v1/tickets/${ticket.id}/release`, { sharePercent }, { toast: [404, 409, 422] });
    setPending(false);
    if (!result.ok) {
      if (result.status) setError(result.error.message);
      return;
    }
    notify.success({ title: t('released') });
    onDone();
  };

  return (
    <Modal open={open} onClose={onClose} title={t('title')}>
      <p className="font-medium">{localized(ticket.event.title, locale)}</p>
      <p className="text-sm text-slate-700" data-testid="release-explainer">
        {t('explainer', { percent: sharePercent, credit: money(creditAmount), face: money(ticket.priceAmount) })}
      </p>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>{t('waitingListFirst')}</li>
        <li>{t('takeBackUntil', { closes: formatDateTime(closesAt, locale) })}</li>
        <li>{t('noCode')}</li>
      </ul>
      <form onSubmit={submit} noValidate className="space-y-4">
        <DialogFormEnd error={error} pending={pending} submitLabel={t('submit')} cancelLabel={t('cancel')} onCancel={onClose} />
      </form>
    </Modal>
  );
}
