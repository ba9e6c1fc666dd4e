import { getTranslations } from 'next-intl/server';
import { formatMoney } from '@/components/events/format';
import { formatDateTime } from '@/components/tickets/format';
import type { Locale } from '@/lib/i18n/routing';
import type { Order, ReceiptLine } from '@/lib/schemas/orders';

/**
 * An order's receipt as a fan reads it, prints it or saves it as PDF: who sold it, the order number and
 * date, then every line the server drew (lib/server/orders/receipt.ts) and the total they add up to; a
 * package is one line at its price with its tickets listed beneath (seat, or day), unpriced, and a season
 * ticket one line per seat with its matches beneath; a season order is titled with its season.
 */
export async function Receipt({ order, locale }: { order: Order; locale: Locale }) {
  const t = await getTranslations('receipt');
  const money = (m: Order['total']) => formatMoney(m, locale);
  const describe = (line: ReceiptLine): { text: string; detail: string | null } => {
    switch (line.kind) {
      case 'package':
        return { text: line.name, detail: t('packageIncludes', { count: line.tickets.length }) };
      case 'season':
        return { text: t('seasonTicket', { season: line.name, count: line.matches.length }), detail: line.seat ? t('seat', line.seat) : null };
      case 'ticket':
        return {
          text: line.resale ? t('resaleTicket', { type: line.ticketType }) : line.ticketType,
          detail: line.seat ? t('seat', line.seat) : t('standing'),
        };
      case 'discount':
        return { text: line.code ? t('discountCode', { code: line.code }) : t('discount'), detail: null };
      case 'wallet':
        return { text: t('walletCredit'), detail: null };
      case 'loyalty':
        return { text: t('loyalty', { points: line.points }), detail: null };
      case 'fee':
        return { text: t(line.fee === 'service' ? 'serviceFee' : 'resaleFee', { count: line.count }), detail: null };
    }
  };
  return (
    <section aria-labelledby="receipt-title" className="rounded-xl border border-slate-200 bg-white" data-testid="receipt">
      <div className="space-y-1 border-b border-slate-200 px-4 py-3">
        <h2 id="receipt-title" className="text-lg font-semibold">
          {order.season ? order.season.name : order.event.title}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-slate-700">
          <dt>{t('organiser')}</dt>
          <dd data-testid="receipt-organiser">{order.organiser.name}</dd>
          <dt>{t('number')}</dt>
          <dd className="font-mono" data-testid="receipt-number">
            {order.number}
          </dd>
          <dt>{t('date')}</dt>
          <dd>{formatDateTime(order.paidAt ?? order.createdAt, locale)}</dd>
          <dt>{t('status')}</dt>
          <dd>{t(`statuses.${order.status}`)}</dd>
        </dl>
      </div>
      <table className="w-full text-left">
        <caption className="sr-only">{t('linesCaption')}</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{t('item')}</th>
            <th scope="col">{t('amount')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {order.lines.map((line, i) => {
            const { text, detail } = describe(line);
            return (
              <tr key={i} data-testid="receipt-line" data-kind={line.kind} data-amount={line.amount.amount} data-print="keep">
                <th scope="row" className="px-4 py-3 font-normal">
                  {line.kind === 'package' && (
                    <span className="mr-2 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-950 print:border print:border-black">{t('packageBadge')}</span>
                  )}
                  <span className={line.kind === 'package' ? 'font-medium' : 'block'}>{text}</span>
                  {detail && <span className="block text-sm text-slate-600">{detail}</span>}
                  {line.kind === 'season' && (
                    // A season ticket is paid as one: its matches are named, not priced one by one.
                    <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700" data-testid="receipt-season-matches">
                      {line.matches.map((match, n) => (
                        <li key={n}>{t('seasonMatch', { event: match.event, date: formatDateTime(match.startsAt, locale) })}</li>
                      ))}
                    </ul>
                  )}
                  {line.kind === 'package' && (
                    // A package is paid as one: its tickets are named, not priced one by one.
                    <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700" data-testid="receipt-package-tickets">
                      {line.tickets.map((ticket, n) => (
                        <li key={n}>{ticket.seat ? t('packageSeat', { ticketType: ticket.ticketType, ...ticket.seat }) : t('packageDay', { ticketType: ticket.ticketType, event: ticket.event })}</li>
                      ))}
                    </ul>
                  )}
                </th>
                <td className="px-4 py-3 text-right align-top tabular-nums whitespace-nowrap">
                  {line.amount.amount < 0 ? `−${money({ ...line.amount, amount: -line.amount.amount })}` : money(line.amount)}
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot className="border-t-2 border-slate-300">
          <tr>
            <th scope="row" className="px-4 py-3 text-lg font-bold">
              {t('total')}
            </th>
            <td className="px-4 py-3 text-right text-lg font-bold tabular-nums whitespace-nowrap" data-testid="receipt-total" data-amount={order.total.amount}>
              {money(order.total)}
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
