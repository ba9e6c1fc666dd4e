'use client';

import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { formatBirthDate, formatDateTime, formatMoney, localized } from './format';
import type { OwnedTicket } from '@/lib/schemas/tickets';

// What no first paint needs loads on use: the full-screen code (with the QR drawer) and the dialogs.
// tickets-wallet.tsx preloads the code so it opens offline too (OfflineSupport).
export const loadTicketCode = () => import('./ticket-code');
const TicketCodeDialog = dynamic(() => loadTicketCode().then((m) => m.TicketCodeDialog), { ssr: false });
const GiftDialog = dynamic(() => import('./gift-dialog').then((m) => m.GiftDialog), { ssr: false });
const SellDialog = dynamic(() => import('./sell-dialog').then((m) => m.SellDialog), { ssr: false });
const ReleaseDialog = dynamic(() => import('./release-dialog').then((m) => m.ReleaseDialog), { ssr: false });
const RefundDialog = dynamic(() => import('./refund-dialog').then((m) => m.RefundDialog), { ssr: false });
// Only a received ticket of a risk match still to be named shows it.
const NameTicketForm = dynamic(() => import('./name-ticket-form').then((m) => m.NameTicketForm), { ssr: false });

const statusStyle: Record<OwnedTicket['status'], string> = {
  valid: 'bg-emerald-100 text-emerald-900',
  listed: 'bg-amber-100 text-amber-900',
  checked_in: 'bg-slate-200 text-slate-800',
  void: 'bg-red-100 text-red-900',
  released: 'bg-sky-100 text-sky-900',
};

/** Where a ticket is: section (its name already says stand or sector), row and seat, or standing. */
export function seatText(seat: OwnedTicket['seat'], t: (key: 'row' | 'seatNumber' | 'standing') => string, locale: string): string {
  return seat ? `${localized(seat.section, locale)} · ${t('row')} ${seat.row} · ${t('seatNumber')} ${seat.seat}` : t('standing');
}

/**
 * One ticket as a compact row of its event's group (tickets-wallet.tsx; the group's header holds the
 * event, date and time, venue and holder once): seat or standing, ticket type, price, status, the
 * gift it came as, and its actions. Show code opens the code full screen at once.
 */
export function TicketCard({ ticket, past, online, onChanged }: { ticket: OwnedTicket; past: boolean; online: boolean; onChanged: () => void }) {
  const t = useTranslations('tickets');
  const tn = useTranslations('namedTickets');
  const tr = useTranslations('release');
  const tc = useTranslations('concessions');
  const tf = useTranslations('refunds.fan');
  const locale = useLocale();
  const [showCode, setShowCode] = useState(false);
  const [dialog, setDialog] = useState<'gift' | 'sell' | 'release' | 'refund' | null>(null);
  const [busy, setBusy] = useState(false);
  const title = localized(ticket.event.title, locale);
  const typeName = localized(ticket.ticketType.name, locale);
  const where = seatText(ticket.seat, t, locale);
  const money = (amount: number) => formatMoney(amount, ticket.currency, locale);
  const startsInFuture = new Date(ticket.event.startsAt).getTime() > Date.now();
  const canAct = ticket.status === 'valid' && !ticket.pendingGift && startsInFuture && online;
  // What was paid for it, never the category's face value: a child's concession, nothing for a redeem code.
  const paid = ticket.paidAmount ?? ticket.pricePaid;
  const price = paid ? money(paid) : t('complimentary');
  // A ZŤP-S holder's companion seat moves only with the holder's ticket: nothing to sell or gift on its own.
  const passable = ticket.giftable;
  // A match of the fan's own season ticket, before its sale closes: release it to the club's sale for credit.
  const release = ticket.release ?? null;
  const releaseOpen = !!release && new Date(release.closesAt).getTime() > Date.now();
  // The fan may return it (a postponement's deadline, or the organiser's self-cancel window): lib/server/refunds.
  const refund = ticket.refund ?? null;
  const refundOpen = !!refund && new Date(refund.until).getTime() > Date.now();
  // A risk match: a named ticket without its holder's name has no code until its owner names it.
  const needsName = Boolean(ticket.named && !ticket.named.name);

  const run = async (request: () => ReturnType<typeof api.delete>, done: string) => {
    setBusy(true);
    const result = await request();
    setBusy(false);
    if (result.ok) {
      notify.success({ title: done });
      onChanged();
    }
  };

  return (
    <article className="p-4" data-testid="ticket-card" data-ticket-id={ticket.id} aria-label={`${title} · ${typeName} · ${where}`}>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0">
          <p className="font-semibold">{where}</p>
          <p className="text-sm text-slate-700">
            {typeName} · {price}
            {ticket.seasonTicketId && <span className="ml-2 rounded bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-900">{t('seasonMatch')}</span>}
          </p>
          {ticket.giftedFrom && (
            <p className="text-sm text-slate-700" data-testid="gift-from">
              {ticket.giftedFrom.name ? t('giftFrom', { name: ticket.giftedFrom.name }) : t('giftFromUnknown')}
            </p>
          )}
        </div>
        <span className={`rounded-full px-3 py-1 text-sm font-medium ${statusStyle[ticket.status]}`}>{t(`status.${ticket.status}`)}</span>
      </div>

      {ticket.named?.name && (
        <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm" data-testid="ticket-holder">
          <span className="font-medium">{tn('tickets.namedTo', { name: ticket.named.name })}</span>
          {ticket.named.dateOfBirth && <span> · {tn('tickets.bornOn', { date: formatBirthDate(ticket.named.dateOfBirth, locale) })}</span>}
          {!past && <span className="block text-slate-700">{tn('tickets.idNote')}</span>}
        </p>
      )}
      {ticket.concession && (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950" data-testid="ticket-concession">
          {ticket.concession === 'companion' ? tc('ticket.companion') : tc('ticket.badge', { kind: tc(`kinds.${ticket.concession}`) })}
        </p>
      )}
      {needsName && !past && (ticket.status === 'valid' || ticket.status === 'listed') && !ticket.pendingGift && (
        <NameTicketForm ticketId={ticket.id} online={online} onDone={onChanged} />
      )}
      {ticket.event.postponed && !past && ticket.status !== 'void' && (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950" data-testid="ticket-postponed">
          {tf('postponed', { time: formatDateTime(ticket.event.startsAt, locale), deadline: formatDateTime(ticket.event.postponed.refundDeadline, locale) })}
        </p>
      )}
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
      {ticket.status === 'released' && release && (
        <div className="mt-3 flex flex-wrap items-center gap-3 rounded-lg bg-sky-50 p-3 text-sm" data-testid="ticket-released">
          <span>{tr('onSale', { credit: money(release.creditAmount) })}</span>
          <button
            type="button"
            disabled={busy || !online}
            onClick={() => run(() => api.delete(`/api/v1/tickets/${ticket.id}/release`, { toast: true }), tr('takenBack'))}
            className="rounded-lg border border-sky-300 bg-white px-3 py-1.5 font-medium hover:bg-sky-100 disabled:opacity-50"
          >
            {tr('takeBack')}
          </button>
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
        <div className="mt-3 flex flex-wrap gap-2">
          {!needsName && (
            <button
              type="button"
              aria-haspopup="dialog"
              disabled={!ticket.signingKey}
              onClick={() => setShowCode(true)}
              className="rounded-lg bg-emerald-800 px-4 py-2 font-medium text-white hover:bg-emerald-700 disabled:opacity-50"
            >
              {t('showCode')}
            </button>
          )}
          {passable && (
            <button type="button" disabled={!canAct} onClick={() => setDialog('sell')} className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50 disabled:opacity-50">
              {t('sell')}
            </button>
          )}
          {passable && ticket.event.transferEnabled && (
            <button type="button" disabled={!canAct} onClick={() => setDialog('gift')} className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50 disabled:opacity-50">
              {t('gift')}
            </button>
          )}
          {refundOpen && refund && (
            <button
              type="button"
              aria-haspopup="dialog"
              disabled={!online}
              onClick={() => setDialog('refund')}
              data-testid="refund-open"
              className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50 disabled:opacity-50"
            >
              {refund.kind === 'postponement' ? tf('refund') : tf('cancel')}
            </button>
          )}
          {releaseOpen && (
            <button
              type="button"
              aria-haspopup="dialog"
              disabled={!canAct}
              onClick={() => setDialog('release')}
              className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50 disabled:opacity-50"
            >
              {tr('action')}
            </button>
          )}
        </div>
      )}
      {showCode && ticket.signingKey && (
        <TicketCodeDialog
          ticketId={ticket.id}
          version={ticket.version}
          signingKey={ticket.signingKey}
          eventTitle={title}
          details={[`${typeName} · ${where}`, `${t('holder')}: ${ticket.holderName}`, formatDateTime(ticket.event.startsAt, locale)]}
          onClose={() => setShowCode(false)}
        />
      )}
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
      {dialog === 'release' && release && (
        <ReleaseDialog
          ticket={{ ...ticket, release }}
          open
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            onChanged();
          }}
        />
      )}
      {dialog === 'refund' && refund && (
        <RefundDialog
          ticket={{ ...ticket, refund }}
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
