'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { ScanAnswer } from './types';
import { dateTimeFormat } from '@/lib/i18n/formats';
import { formatBirthDate } from '@/components/tickets/format';

const tone: Record<ScanAnswer['result'], string> = {
  admitted: 'bg-emerald-700 text-white',
  already_used: 'bg-amber-500 text-slate-950',
  invalid: 'bg-red-700 text-white',
  wrong_event: 'bg-red-700 text-white',
  expired: 'bg-orange-600 text-white',
  not_valid: 'bg-red-700 text-white',
};
const icon: Record<ScanAnswer['result'], string> = { admitted: '✔', already_used: '⟲', invalid: '✖', wrong_event: '✖', expired: '⌛', not_valid: '✖' };

const pick = (text: { sk: string; cs: string; en: string }, locale: string) => text[locale as 'sk'] ?? text.en;

/** The big, unmistakable answer at the gate. */
export function ScanResult({ answer }: { answer: ScanAnswer }) {
  const t = useTranslations('scanner');
  const tn = useTranslations('namedTickets.gate');
  const tc = useTranslations('concessions.gate');
  const locale = useLocale();
  const when = answer.checkedInAt
    ? dateTimeFormat(locale, { day: 'numeric', month: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(new Date(answer.checkedInAt))
    : null;
  const moment = (iso: string) => dateTimeFormat(locale, { day: 'numeric', month: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  const details: string[] = [];
  if (answer.result === 'already_used' && when) details.push(t('details.usedAt', { when }));
  if (answer.result === 'expired') details.push(t('details.expired'));
  if (answer.result === 'invalid') details.push(t('details.invalid'));
  if (answer.result === 'wrong_event' && answer.event) details.push(t('details.wrong_event', { event: pick(answer.event.title, locale) }));
  if (answer.result === 'not_valid' && answer.reason) {
    if (answer.reason === 'too_early' || answer.reason === 'too_late') {
      if (answer.window) details.push(t(`details.${answer.reason}`, { when: moment(answer.reason === 'too_early' ? answer.window.opensAt : answer.window.closesAt) }));
    } else details.push(t(`details.${answer.reason}`));
  }
  if (answer.ticket && (answer.result === 'admitted' || answer.result === 'already_used')) {
    details.push(
      answer.ticket.seat
        ? `${pick(answer.ticket.type, locale)} · ${t('seat', { section: pick(answer.ticket.seat.section, locale), row: answer.ticket.seat.row, seat: answer.ticket.seat.seat })}`
        : pick(answer.ticket.type, locale),
    );
  }
  return (
    <div className={`rounded-2xl p-6 text-center shadow-lg ${tone[answer.result]}`} data-testid="scan-result" data-result={answer.result}>
      <p className="text-5xl" aria-hidden="true">
        {icon[answer.result]}
      </p>
      <p className="mt-2 text-3xl font-extrabold sm:text-4xl">{t(`results.${answer.result}`)}</p>
      {details.map((d) => (
        <p key={d} className="mt-2 text-lg font-medium">
          {d}
        </p>
      ))}
      {answer.holder && (answer.result === 'admitted' || answer.result === 'already_used') && (
        // A named ticket of a risk match (Slovak act 1/2014): let in only the person of this ID.
        <div className="mx-auto mt-4 max-w-md rounded-xl bg-white p-4 text-left text-slate-950" data-testid="scan-holder">
          <p className="text-xl font-extrabold uppercase">{tn('checkId')}</p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-lg">
            <dt className="text-slate-600">{tn('name')}</dt>
            <dd className="font-bold">{answer.holder.name}</dd>
            <dt className="text-slate-600">{tn('dateOfBirth')}</dt>
            <dd className="font-bold">{formatBirthDate(answer.holder.dateOfBirth, locale)}</dd>
          </dl>
        </div>
      )}
      {answer.card && (answer.result === 'admitted' || answer.result === 'already_used') && (
        // A concession ticket: let in only with the card (student, ZŤP…); a companion with its ZŤP-S holder.
        <div className="mx-auto mt-4 max-w-md rounded-xl bg-white p-4 text-left text-slate-950" data-testid="scan-card" role="status">
          <p className="text-xl font-extrabold uppercase">{tc('checkCard', { card: tc(`cards.${answer.card}`) })}</p>
          {answer.card === 'companion' && <p className="mt-1 text-lg font-medium">{tc('companion')}</p>}
        </div>
      )}
      {answer.offline && <p className="mt-2 text-sm opacity-90">{t('offline.title')}</p>}
    </div>
  );
}
