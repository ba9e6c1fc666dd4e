'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { useHydrated } from '@/components/ui/use-hydrated';
import { api, type ApiFieldError } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { formatDate } from '@/lib/i18n/formats';
import { formatMoney, moneyOrNaN } from '@/lib/money';
import type { SupportOrder, SupportOrderSummary, SupportTicket, TimelineEntry } from '@/lib/schemas/support';

type Way = 'email' | 'number' | 'ticket' | 'seat';
type SupportEvent = { id: string; title: string; startsAt: string };
type Action =
  | { kind: 'resend' }
  | { kind: 'refundOrder' }
  | { kind: 'refundAmount' }
  | { kind: 'move'; ticket: SupportTicket }
  | { kind: 'void'; ticket: SupportTicket }
  | { kind: 'refundTicket'; ticket: SupportTicket };

const input = 'mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base';
const button = 'inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 text-sm font-medium disabled:opacity-60';
const primary = `${button} bg-emerald-800 text-white hover:bg-emerald-700`;
const secondary = `${button} border border-slate-400 bg-white text-slate-900 hover:bg-slate-50`;

/**
 * The support desk (organiser console and Tribuna admin, one component): find an order four ways, open it
 * (tickets, timeline), and act on it — every action asks for a reason, which the audit log keeps.
 * `organisation`: whose orders (the console's current organisation); omitted: all (admins).
 */
export function SupportDesk({ organisation, events }: { organisation?: string; events: SupportEvent[] }) {
  const t = useTranslations('support');
  const locale = useLocale();
  const hydrated = useHydrated();
  const [way, setWay] = useState<Way>('email');
  const [fields, setFields] = useState<Record<string, string>>({ event: events[0]?.id ?? '' });
  const [errors, setErrors] = useState<ApiFieldError[]>([]);
  const [searching, setSearching] = useState(false);
  const [results, setResults] = useState<SupportOrderSummary[] | null>(null);
  const [detail, setDetail] = useState<SupportOrder | null>(null);
  const [loading, setLoading] = useState(false);
  const set = (name: string) => (event: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: event.target.value }));
  const date = (iso: string) => formatDate(new Date(iso), locale, { dateStyle: 'medium', timeStyle: 'short' });
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  const ways: Way[] = ['email', 'number', 'ticket', 'seat'];

  async function search(event: FormEvent) {
    event.preventDefault();
    const names = way === 'seat' ? ['event', 'section', 'row', 'seat'] : [way];
    const query: Record<string, string> = Object.fromEntries(names.map((name) => [name, fields[name] ?? '']));
    if (organisation) query.organisation = organisation;
    setSearching(true);
    const result = await api.get<{ orders: SupportOrderSummary[] }>('/api/v1/support/orders', { query, toast: [422] });
    setSearching(false);
    if (!result.ok) {
      setErrors(result.status === 422 ? (result.error.errors.length ? result.error.errors : [{ field: way === 'seat' ? 'event' : way, message: result.error.message }]) : []);
      return;
    }
    setErrors([]);
    setDetail(null);
    setResults(result.data.orders);
  }

  async function open(orderId: string) {
    setLoading(true);
    const result = await api.get<SupportOrder>(`/api/v1/support/orders/${orderId}`);
    setLoading(false);
    if (result.ok) setDetail(result.data);
  }

  const fieldIds = { email: useId(), number: useId(), ticket: useId(), event: useId(), section: useId(), row: useId(), seat: useId() };
  const field = (name: keyof typeof fieldIds, label: string, props: { type?: string; autoComplete?: string; inputMode?: 'text' | 'email' } = {}) => (
    <div>
      <label htmlFor={fieldIds[name]} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={fieldIds[name]}
        name={name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete ?? 'off'}
        value={fields[name] ?? ''}
        onChange={set(name)}
        aria-invalid={errorOf(name) ? true : undefined}
        aria-describedby={errorOf(name) ? `${fieldIds[name]}-error` : undefined}
        className={input}
      />
      {errorOf(name) && (
        <p id={`${fieldIds[name]}-error`} className="mt-1 text-sm text-red-800">
          {errorOf(name)}
        </p>
      )}
    </div>
  );

  return (
    <div className="space-y-8">
      <form onSubmit={search} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" aria-label={t('search.submit')} noValidate>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t('search.by')}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {ways.map((w) => (
              <label key={w} className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm ${way === w ? 'border-emerald-800 bg-emerald-50' : 'border-slate-300'}`}>
                <input
                  type="radio"
                  name="way"
                  value={w}
                  checked={way === w}
                  onChange={() => {
                    setWay(w);
                    setErrors([]);
                  }}
                />
                {t(`search.ways.${w}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {way === 'email' && field('email', t('search.email'), { type: 'email', inputMode: 'email' })}
        {way === 'number' && field('number', t('search.number'))}
        {way === 'ticket' && field('ticket', t('search.ticket'))}
        {way === 'seat' && (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <div className="sm:col-span-2 lg:col-span-4">
              <label htmlFor={fieldIds.event} className="block text-sm font-medium text-slate-800">
                {t('search.event')}
              </label>
              <select id={fieldIds.event} name="event" value={fields.event ?? ''} onChange={set('event')} className={input} aria-invalid={errorOf('event') ? true : undefined}>
                <option value="">{t('search.chooseEvent')}</option>
                {events.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.title} · {formatDate(new Date(e.startsAt), locale, { dateStyle: 'medium' })}
                  </option>
                ))}
              </select>
              {errorOf('event') && <p className="mt-1 text-sm text-red-800">{errorOf('event')}</p>}
            </div>
            {field('section', t('search.section'))}
            {field('row', t('search.row'))}
            {field('seat', t('search.seat'))}
          </div>
        )}
        <button type="submit" className={primary} disabled={!hydrated || searching} aria-busy={searching || undefined}>
          {searching ? t('search.searching') : t('search.submit')}
        </button>
      </form>

      {results && !detail && (
        <section aria-labelledby="support-results" className="space-y-3">
          <h2 id="support-results" className="text-lg font-semibold">
            {t('search.results', { count: results.length })}
          </h2>
          {results.length === 0 ? (
            <p className="text-slate-700">{t('search.none')}</p>
          ) : (
            <ul className="space-y-2">
              {results.map((o) => (
                <li key={o.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4" data-testid="support-result">
                  <div className="space-y-1">
                    <p className="font-semibold">
                      #{o.number} · {o.event}
                    </p>
                    <p className="text-sm text-slate-700">
                      {o.buyerName} · {o.buyerEmail} · {t(`status.${o.status}`)} · {formatMoney(o.total, locale)} · {date(o.createdAt)}
                    </p>
                  </div>
                  <button type="button" className={secondary} onClick={() => open(o.id)} disabled={loading}>
                    {t('order.open', { number: o.number })}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      {detail && <OrderPanel detail={detail} onBack={() => setDetail(null)} onChanged={() => open(detail.order.id)} />}
    </div>
  );
}

function OrderPanel({ detail, onBack, onChanged }: { detail: SupportOrder; onBack: () => void; onChanged: () => void }) {
  const t = useTranslations('support');
  const locale = useLocale();
  const [action, setAction] = useState<Action | null>(null);
  const { order, tickets, timeline } = detail;
  const date = (iso: string) => formatDate(new Date(iso), locale, { dateStyle: 'medium', timeStyle: 'short' });
  const paid = order.status === 'paid';
  return (
    <section aria-labelledby="support-order" className="space-y-6">
      <button type="button" className={secondary} onClick={onBack}>
        {t('order.back')}
      </button>
      <div className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="support-order" className="text-xl font-semibold">
          {t('order.title', { number: order.number })}
        </h2>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-slate-600">{t('order.event')}</dt>
          <dd>
            {order.event} · {date(order.eventStartsAt)}
          </dd>
          <dt className="font-medium text-slate-600">{t('order.organisation')}</dt>
          <dd>{order.organisation}</dd>
          <dt className="font-medium text-slate-600">{t('order.buyer')}</dt>
          <dd>
            {order.buyerName} · {order.buyerEmail}
          </dd>
          <dt className="font-medium text-slate-600">{t('order.status')}</dt>
          <dd data-testid="support-order-status">{t(`status.${order.status}`)}</dd>
          <dt className="font-medium text-slate-600">{t('order.total')}</dt>
          <dd>{formatMoney(order.total, locale)}</dd>
          <dt className="font-medium text-slate-600">{t('order.created')}</dt>
          <dd>{date(order.createdAt)}</dd>
        </dl>
        <div className="flex flex-wrap gap-2 pt-2">
          {(paid || order.status === 'refunded') && (
            <button type="button" className={secondary} onClick={() => setAction({ kind: 'resend' })}>
              {t('actions.resend')}
            </button>
          )}
          {paid && (
            <>
              <button type="button" className={secondary} onClick={() => setAction({ kind: 'refundOrder' })}>
                {t('actions.refundOrder')}
              </button>
              <button type="button" className={secondary} onClick={() => setAction({ kind: 'refundAmount' })}>
                {t('actions.refundAmount')}
              </button>
            </>
          )}
        </div>
      </div>

      {action && (
        <ActionForm
          key={`${action.kind}-${'ticket' in action ? action.ticket.id : order.id}`}
          action={action}
          order={order}
          onDone={() => {
            setAction(null);
            onChanged();
          }}
          onCancel={() => setAction(null)}
        />
      )}

      <div className="space-y-3">
        <h3 className="text-lg font-semibold">{t('order.tickets')}</h3>
        {tickets.length === 0 ? (
          <p className="text-slate-700">{t('order.noTickets')}</p>
        ) : (
          <ul className="space-y-2">
            {tickets.map((ticket) => (
              <li key={ticket.id} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4" data-testid="support-ticket">
                <p className="font-medium">
                  {ticket.seat ?? t('order.standing')} · {ticket.type} · {formatMoney(ticket.price, locale)}
                </p>
                <p className="text-sm text-slate-700">
                  {t('order.holder')}: {ticket.holderEmail} · {t('order.ticketStatus')}: {t(`ticketStatus.${ticket.status}`)} · {t('order.version')}: {ticket.version}
                </p>
                <p className="break-all font-mono text-xs text-slate-600">{ticket.id}</p>
                {ticket.status === 'valid' && (
                  <div className="flex flex-wrap gap-2">
                    <button type="button" className={secondary} onClick={() => setAction({ kind: 'move', ticket })}>
                      {t('actions.move')}
                    </button>
                    <button type="button" className={secondary} onClick={() => setAction({ kind: 'void', ticket })}>
                      {t('actions.void')}
                    </button>
                    {paid && (
                      <button type="button" className={secondary} onClick={() => setAction({ kind: 'refundTicket', ticket })}>
                        {t('actions.refundTicket')}
                      </button>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="space-y-3">
        <h3 className="text-lg font-semibold">{t('order.timeline')}</h3>
        <ol className="space-y-2 border-l-2 border-slate-200 pl-4" data-testid="support-timeline">
          {timeline.map((entry, i) => (
            <li key={i} className="space-y-1">
              <p className="text-xs text-slate-600">
                <time dateTime={entry.at}>{date(entry.at)}</time>
              </p>
              <TimelineLine entry={entry} />
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** One timeline entry in the reader's language. */
function TimelineLine({ entry }: { entry: TimelineEntry }) {
  const t = useTranslations('support');
  const ts = useTranslations('scanner.results');
  const locale = useLocale();
  const amount = entry.amount ? formatMoney(entry.amount, locale) : '';
  const known = (key: string, value: string | null) => (value && t.has(`${key}.${value}` as never) ? t(`${key}.${value}` as never) : (value ?? ''));
  const text = (() => {
    switch (entry.kind) {
      case 'order.created':
        return t('timeline.orderCreated', { amount });
      case 'order.paid':
        return t('timeline.orderPaid');
      case 'order.refunded':
        return t('timeline.orderRefunded');
      case 'payment':
        return t('timeline.payment', { provider: entry.detail ?? '', status: known('paymentStatus', entry.status), amount });
      case 'refund.queued':
        return t('timeline.refundQueued', { amount });
      case 'refund.done':
        return t('timeline.refundDone', { amount });
      case 'mail':
        return t('timeline.mail', { detail: entry.detail ?? '' });
      case 'gift':
        return t('timeline.gift', { email: entry.detail ?? '', status: known('giftStatus', entry.status) });
      case 'resale.listed':
        return t('timeline.resaleListed', { amount, status: known('listingStatus', entry.status) });
      case 'resale.sold':
        return t('timeline.resaleSold', { amount });
      case 'scan': {
        const result = entry.status && ts.has(entry.status as never) ? ts(entry.status as never) : (entry.status ?? '');
        return entry.detail ? t('timeline.scanAt', { gate: entry.detail, result }) : t('timeline.scan', { result });
      }
      case 'audit':
        return t('timeline.audit', { action: known('auditActions', entry.status?.replace(/\./g, '_') ?? null) || (entry.status ?? ''), actor: entry.actor ?? t('timeline.system') });
    }
  })();
  return (
    <div className="text-sm">
      <p className="font-medium text-slate-900">{text}</p>
      {entry.ticketId && <p className="text-xs text-slate-600">{t('timeline.ticket', { ticket: entry.ticketId.slice(0, 8) })}</p>}
      {entry.reason && <p className="text-slate-700">{t('timeline.reason', { reason: entry.reason })}</p>}
      {entry.before && <p className="break-all text-xs text-slate-600">{t('timeline.before', { value: JSON.stringify(entry.before) })}</p>}
      {entry.after && <p className="break-all text-xs text-slate-600">{t('timeline.after', { value: JSON.stringify(entry.after) })}</p>}
    </div>
  );
}

/** An action's form: its reason (required), the new email for a move, the amount for an amount refund. */
function ActionForm({ action, order, onDone, onCancel }: { action: Action; order: SupportOrder['order']; onDone: () => void; onCancel: () => void }) {
  const t = useTranslations('support');
  const hydrated = useHydrated();
  const [reason, setReason] = useState('');
  const [email, setEmail] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<ApiFieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const ids = { reason: useId(), email: useId(), amount: useId(), title: useId() };
  const errorOf = (field: string) => errors.find((e) => e.field === field || (!e.field && field === 'reason'))?.message;
  const title = {
    resend: t('actions.resend'),
    refundOrder: t('actions.refundOrder'),
    refundAmount: t('actions.refundAmount'),
    move: t('actions.move'),
    void: t('actions.void'),
    refundTicket: t('actions.refundTicket'),
  }[action.kind];
  const note = { resend: null, refundOrder: t('actions.refundNote'), refundAmount: t('actions.amountNote'), move: t('actions.moveNote'), void: t('actions.voidNote'), refundTicket: t('actions.refundNote') }[action.kind];

  async function submit(event: FormEvent) {
    event.preventDefault();
    const [path, body, done] =
      action.kind === 'resend'
        ? [`/api/v1/support/orders/${order.id}/resend`, { reason }, t('actions.done.resend')]
        : action.kind === 'refundOrder'
          ? [`/api/v1/support/orders/${order.id}/refund`, { reason }, t('actions.doneRefund')]
          : action.kind === 'refundAmount'
            ? [`/api/v1/support/orders/${order.id}/refund`, { reason, amount: moneyOrNaN(amount) }, t('actions.doneRefund')]
            : action.kind === 'move'
              ? [`/api/v1/support/tickets/${action.ticket.id}/move`, { reason, email }, t('actions.done.move')]
              : action.kind === 'void'
                ? [`/api/v1/support/tickets/${action.ticket.id}/void`, { reason }, t('actions.done.void')]
                : [`/api/v1/support/tickets/${action.ticket.id}/refund`, { reason }, t('actions.doneRefund')];
    setBusy(true);
    const result = await api.post<{ ok: true }>(path, body, { toast: [409, 422] });
    setBusy(false);
    if (!result.ok) {
      setErrors(result.error.errors.length ? result.error.errors : [{ message: result.error.message }]);
      return;
    }
    notify.success({ title: done });
    onDone();
  }

  const message = (field: string, id: string) =>
    errorOf(field) ? (
      <p id={`${id}-error`} className="mt-1 text-sm text-red-800" role="alert">
        {errorOf(field)}
      </p>
    ) : null;

  return (
    <form onSubmit={submit} aria-labelledby={ids.title} className="space-y-4 rounded-xl border-2 border-emerald-800 bg-white p-4 sm:p-6" noValidate>
      <h3 id={ids.title} className="text-lg font-semibold">
        {title}
        {'ticket' in action && ` · ${action.ticket.seat ?? action.ticket.id.slice(0, 8)}`}
      </h3>
      {note && <p className="text-sm text-slate-700">{note}</p>}
      {action.kind === 'move' && (
        <div>
          <label htmlFor={ids.email} className="block text-sm font-medium text-slate-800">
            {t('actions.email')}
          </label>
          <input id={ids.email} type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} className={input} aria-invalid={errorOf('email') ? true : undefined} aria-describedby={errorOf('email') ? `${ids.email}-error` : undefined} />
          {message('email', ids.email)}
        </div>
      )}
      {action.kind === 'refundAmount' && (
        <div>
          <label htmlFor={ids.amount} className="block text-sm font-medium text-slate-800">
            {t('actions.amount', { currency: order.total.currency })}
          </label>
          <input id={ids.amount} inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} className={input} aria-invalid={errorOf('amount') ? true : undefined} aria-describedby={errorOf('amount') ? `${ids.amount}-error` : undefined} />
          {message('amount', ids.amount)}
        </div>
      )}
      <div>
        <label htmlFor={ids.reason} className="block text-sm font-medium text-slate-800">
          {t('actions.reason')}
        </label>
        <p id={`${ids.reason}-hint`} className="text-sm text-slate-600">
          {t('actions.reasonHint')}
        </p>
        <textarea
          id={ids.reason}
          required
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          className={input}
          aria-invalid={errorOf('reason') ? true : undefined}
          aria-describedby={`${ids.reason}-hint${errorOf('reason') ? ` ${ids.reason}-error` : ''}`}
        />
        {message('reason', ids.reason)}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primary} disabled={!hydrated || busy} aria-busy={busy || undefined}>
          {busy ? t('actions.working') : t('actions.confirm')}
        </button>
        <button type="button" className={secondary} onClick={onCancel}>
          {t('actions.cancel')}
        </button>
      </div>
    </form>
  );
}
