'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { formatDateTime, formatMoney, localized } from './format';
import { GiftDialog } from './gift-dialog';
import { SellDialog } from './sell-dialog';
import { TicketCode } from './ticket-code';
import type { OwnedTicket } from '@/lib/schemas/tickets';

const statusStyle: Record<OwnedTicket['status'], string> = {
  valid: 'bg-emerald-100 text-emerald-900',
  listed: 'bg-amber-100 text-amber-900',
  checked_in: 'bg-slate-200 text-slate-800',
  void: 'bg-red-100 text-red-900',
};

/** One ticket as spec §3 shows it (holder, date and time, ticket, seat, venue; seats also section, row, seat, price) and its actions. */
export function TicketCard({ ticket, past, online, onChanged }: { ticket: OwnedTicket; past: boolean; online: boolean; onChanged: () => void }) {
  const t = useTranslations('tickets');
  const locale = useLocale();
  const [showCode, setShowCode] = useState(false);
  const [dialog, setDialog] = useState<'gift' | 'sell' | null>(null);
  const [busy, setBusy] = useState(false);
  const codeId = useId();
  const title = localized(ticket.event.title, locale);
  const money = (amount: number) => formatMoney(amount, ticket.currency, locale);
  const startsInFuture = new Date(ticket.event.startsAt).getTime() > Date.now();
  const canAct = ticket.status === 'valid' && !ticket.pendingGift && startsInFuture && online;

  const run = async (request: () => ReturnType<typeof api.delete>, done: string) => {
    setBusy(true);
    const result = await request();
    setBusy(false);
    if (result.ok) {
      notify.success({ title: done });
      onChanged();
    }
  };

  const row = (label: string, value: string) => (
    <div className="flex justify-between gap-3 sm:block">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );

  return (
    <article className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="ticket-card" data-ticket-id={ticket.id} aria-label={`${title} · ${localized(ticket.ticketType.name, locale)}`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {localized(ticket.ticketType.name, locale)}
          {ticket.seasonTicketId && <span className="ml-2 rounded bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-900">{t('seasonMatch')}</span>}
        </p>
        <span className={`rounded-full px-3 py-1 text-sm font-medium ${statusStyle[ticket.status]}`}>{t(`status.${ticket.status}`)}</span>
      </div>
      <dl className="grid gap-2 sm:grid-cols-3">
        {row(t('holder'), ticket.holderName)}
        {row(t('dateTime'), formatDateTime(ticket.event.startsAt, locale))}
        {row(t('venue'), `${ticket.event.venue.name}, ${ticket.event.venue.city}`)}
        {ticket.seat ? (
          <>
            {row(t('section'), localized(ticket.seat.section, locale))}
            {row(t('row'), ticket.seat.row)}
            {row(t('seatNumber'), ticket.seat.seat)}
          </>
        ) : (
          row(t('seat'), t('standing'))
        )}
        {row(t('price'), (ticket.paidAmount ?? ticket.priceAmount) ? money(ticket.paidAmount ?? ticket.priceAmount) : t('complimentary'))}
      </dl>

      {ticket.status === 'checked_in' && ticket.checkedInAt && <p className="mt-3 text-sm text-slate-700">{t('checkedInAt', { when: formatDateTime(ticket.checkedInAt, locale) })}</p>}
      {ticket.listing && (
        <div className="mt-3 flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 p-3 text-sm">
          <span>{t('listedFor', { price: money(ticket.listing.priceAmount) })}</span>
          {ticket.listing.held ? (
            <span className="text-amber-900">{t('listingHeld')}</span>
          ) : (
            <button
              type="button"
              disabled={busy || !online}
              onClick={() => run(() => api.delete(`/api/v1/tickets/${ticket.id}/listing`, { toast: true }), t('withdrawn'))}
              className="rounded-lg border border-amber-300 bg-white px-3 py-1.5 font-medium hover:bg-amber-100 disabled:opacity-50"
            >
              {t('withdraw')}
            </button>
          )}
        </div>
      )}
      {ticket.pendingGift && (
        <div className="mt-3 flex flex-wrap items-center gap-3 rounded-lg bg-sky-50 p-3 text-sm">
          <span>{t('giftPendingTo', { email: ticket.pendingGift.toEmail })}</span>
          <button
            type="button"
            disabled={busy || !online}
            onClick={() => run(() => api.delete(`/api/v1/tickets/${ticket.id}/gift`), t('giftCancelled'))}
            className="rounded-lg border border-sky-300 bg-white px-3 py-1.5 font-medium hover:bg-sky-100 disabled:opacity-50"
          >
            {t('cancelGift')}
          </button>
        </div>
      )}

      {/* A ticket being gifted has no code to show (the gate refuses it) and nothing to do but cancel the gift, above. */}
      {!past && ticket.status === 'valid' && !ticket.pendingGift && (
        <div className="mt-4 flex flex-wrap gap-2">
          <button
            type="button"
            aria-expanded={showCode}
            aria-controls={codeId}
            onClick={() => setShowCode((v) => !v)}
            className="rounded-lg bg-emerald-800 px-4 py-2 font-medium text-white hover:bg-emerald-700"
          >
            {showCode ? t('hideCode') : t('showCode')}
          </button>
          <button type="button" disabled={!canAct} onClick={() => setDialog('sell')} className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50 disabled:opacity-50">
            {t('sell')}
          </button>
          {ticket.event.transferEnabled && (
            <button type="button" disabled={!canAct} onClick={() => setDialog('gift')} className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50 disabled:opacity-50">
              {t('gift')}
            </button>
          )}
        </div>
      )}
      <div id={codeId} className="mt-4 empty:hidden">
        {showCode && ticket.signingKey && <TicketCode ticketId={ticket.id} version={ticket.version} signingKey={ticket.signingKey} eventTitle={title} />}
      </div>
      {dialog === 'gift' && (
        <GiftDialog
          ticketId={ticket.id}
          eventTitle={title}
          open
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            onChanged();
          }}
        />
      )}
      {dialog === 'sell' && (
        <SellDialog
          ticket={ticket}
          open
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            onChanged();
          }}
        />
      )}
    </article>
  );
}
