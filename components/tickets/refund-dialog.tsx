'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import type { RefundDone, RefundOffer } from '@/lib/schemas/refunds';
import type { OwnedTicket } from '@/lib/schemas/tickets';
import { DialogFormEnd } from './form';
import { formatDateTime, formatMoney, localized } from './format';
import { Modal } from './modal';

type Props = { ticket: OwnedTicket & { refund: NonNullable<OwnedTicket['refund']> }; open: boolean; onClose: () => void; onDone: () => void };

/**
 * A fan returns a ticket (lib/server/refunds/self-service.ts): the second tap. What comes back is shown first
 * — the amount, and where it goes (the card, the wallet, points), the service fee kept — then one confirm.
 * With more tickets of the order, the fan may return them all at once.
 */
export function RefundDialog({ ticket, open, onClose, onDone }: Props) {
  const t = useTranslations('refunds.fan');
  const locale = useLocale();
  const [scope, setScope] = useState<'ticket' | 'order'>('ticket');
  const [offer, setOffer] = useState<RefundOffer | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const money = (amount: number) => formatMoney(amount, offer?.total.currency ?? ticket.currency, locale);

  useEffect(() => {
    let live = true;
    setOffer(null);
    setError(null);
    void api.get<RefundOffer>(`/api/v1/tickets/${ticket.id}/refund?scope=${scope}`, { toast: [404, 409] }).then((result) => {
      if (!live) return;
      if (result.ok) setOffer(result.data);
      else if (result.status) setError(result.error.message);
    });
    return () => {
      live = false;
    };
  }, [ticket.id, scope]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setPending(true);
    const result = await api.post<RefundDone>(`/api/v1/tickets/${ticket.id}/refund`, { scope }, { toast: [404, 409, 422] });
    setPending(false);
    if (!result.ok) {
      if (result.status) setError(result.error.message);
      return;
    }
    notify.success({ title: t('done', { amount: money(result.data.total.total) }) });
    onDone();
  };

  const title = ticket.refund.kind === 'postponement' ? t('titleRefund') : t('titleCancel');
  return (
    <Modal open={open} onClose={onClose} title={title}>
      <p className="font-medium">{localized(ticket.event.title, locale)}</p>
      {offer ? (
        <div className="space-y-2" data-testid="refund-offer">
          <p className="text-lg font-semibold" data-testid="refund-total">
            {t('youGet', { amount: money(offer.total.total) })}
          </p>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
            {offer.total.money > 0 && <li data-testid="refund-card">{t('toCard', { amount: money(offer.total.money) })}</li>}
            {offer.total.wallet > 0 && <li data-testid="refund-wallet">{t('toWallet', { amount: money(offer.total.wallet) })}</li>}
            {offer.total.points > 0 && <li>{t('toPoints', { points: offer.total.points })}</li>}
          </ul>
          {offer.total.feeKept > 0 && <p className="text-sm text-slate-700">{t('feeKept', { amount: money(offer.total.feeKept) })}</p>}
          <p className="text-sm text-slate-700">{t('until', { time: formatDateTime(offer.until, locale) })}</p>
          {offer.orderTickets > 1 && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="h-5 w-5" checked={scope === 'order'} onChange={(e) => setScope(e.target.checked ? 'order' : 'ticket')} />
              {t('wholeOrder', { count: offer.orderTickets })}
            </label>
          )}
        </div>
      ) : (
        !error && (
          <p className="text-sm text-slate-700" role="status">
            {t('loading')}
          </p>
        )
      )}
      <form onSubmit={submit} noValidate className="space-y-4">
        <DialogFormEnd error={error} pending={pending || !offer} submitLabel={t('confirm')} cancelLabel={t('keep')} onCancel={onClose} />
      </form>
    </Modal>
  );
}
