'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef } from 'react';
import type { ScanAnswer } from './types';
import { dateTimeFormat } from '@/lib/i18n/formats';
import { formatBirthDate } from '@/components/tickets/format';
import { textIn } from '@/lib/localized-text';
import type { Locale } from '@/lib/i18n/locales';

// Three colours a gate tells apart at a glance, in sunlight: green lets in, red refuses, and amber (full
// screen, see below) lets in only after a look at a card or an ID. Each with its text at high contrast.
const tone: Record<ScanAnswer['result'], string> = {
  admitted: 'bg-emerald-800 text-white',
  already_used: 'bg-red-800 text-white',
  invalid: 'bg-red-800 text-white',
  wrong_event: 'bg-red-800 text-white',
  expired: 'bg-red-800 text-white',
  not_valid: 'bg-red-800 text-white',
};
const icon: Record<ScanAnswer['result'], string> = { admitted: '✔', already_used: '⟲', invalid: '✖', wrong_event: '✖', expired: '⌛', not_valid: '✖' };

const pick = (text: { sk: string; cs: string; en: string }, locale: string) => textIn(text, locale as Locale);

/**
 * The big, unmistakable answer at the gate. A valid concession or named ticket is amber and covers the
 * whole screen (the fan tab bar too) until the gate has looked at the card or the ID and taps the button
 * at the bottom, in reach of the thumb of the hand that holds the phone (or presses Escape).
 */
export function ScanResult({ answer, onDismiss }: { answer: ScanAnswer; onDismiss?: () => void }) {
  const t = useTranslations('scanner');
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
  const check = answer.result === 'admitted' && Boolean(answer.card || answer.holder);
  if (check) return <CheckResult answer={answer} details={details} onDismiss={onDismiss} />;
  return (
    <div className={`rounded-2xl p-6 text-center shadow-lg ${tone[answer.result]}`} data-testid="scan-result" data-result={answer.result} data-tone={answer.result === 'admitted' ? 'valid' : 'refused'}>
      <p className="text-5xl" aria-hidden="true">
        {icon[answer.result]}
      </p>
      <p className="mt-2 text-3xl font-extrabold sm:text-4xl">{t(`results.${answer.result}`)}</p>
      {details.map((d) => (
        <p key={d} className="mt-2 text-lg font-medium">
          {d}
        </p>
      ))}
      {/* A valid one with a card or a holder is the amber CheckResult; a used one still says whose it was. */}
      {answer.holder && answer.result === 'already_used' && <HolderBox holder={answer.holder} className="mx-auto mt-4 max-w-md rounded-xl" />}
      {answer.card && answer.result === 'already_used' && <CardBox card={answer.card} className="mx-auto mt-4 max-w-md rounded-xl" />}
      {answer.offline && <p className="mt-2 text-sm opacity-90">{t('offline.title')}</p>}
    </div>
  );
}

/** Amber, full screen: valid, but let in only after checking the card (concession) or the ID (named ticket). */
function CheckResult({ answer, details, onDismiss }: { answer: ScanAnswer; details: string[]; onDismiss?: () => void }) {
  const t = useTranslations('scanner');
  const tn = useTranslations('namedTickets.gate');
  const tc = useTranslations('concessions.gate');
  const id = useId();
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    done.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onDismiss?.();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onDismiss]);
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-amber-300 p-5 text-black"
      data-testid="scan-result"
      data-result={answer.result}
      data-tone="check"
    >
      <div className="mx-auto flex w-full max-w-xl flex-1 flex-col justify-center gap-4 text-center">
        <p className="text-6xl" aria-hidden="true">
          ⚠
        </p>
        <h2 id={`${id}-title`} className="text-4xl font-black uppercase leading-tight sm:text-5xl">
          {answer.card ? tc('checkCard', { card: tc(`cards.${answer.card}`) }) : tn('checkIdOf', { name: answer.holder!.name })}
        </h2>
        <p className="text-2xl font-bold">{t('gateCheck.valid')}</p>
        {answer.card && <CardBox card={answer.card} className="rounded-2xl border-4 border-black" />}
        {answer.holder && <HolderBox holder={answer.holder} className="rounded-2xl border-4 border-black" />}
        {details.map((d) => (
          <p key={d} className="text-lg font-semibold">
            {d}
          </p>
        ))}
        {answer.offline && <p className="text-base font-semibold">{t('offline.title')}</p>}
      </div>
      {onDismiss && (
        <button
          ref={done}
          type="button"
          onClick={onDismiss}
          className="mx-auto mt-4 min-h-20 w-full max-w-xl rounded-2xl bg-black px-6 text-2xl font-black text-white focus-visible:outline focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-black"
        >
          {t('gateCheck.done')}
        </button>
      )}
    </div>
  );
}

/** A named ticket of a risk match (Slovak act 1/2014): let in only the person of this ID. */
function HolderBox({ holder, className }: { holder: NonNullable<ScanAnswer['holder']>; className: string }) {
  const tn = useTranslations('namedTickets.gate');
  const locale = useLocale();
  return (
    <div className={`bg-white p-4 text-left text-slate-950 ${className}`} data-testid="scan-holder">
      <p className="text-xl font-extrabold uppercase">{tn('checkId')}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-lg">
        <dt className="text-slate-700">{tn('name')}</dt>
        <dd className="font-bold">{holder.name}</dd>
        <dt className="text-slate-700">{tn('dateOfBirth')}</dt>
        <dd className="font-bold">{formatBirthDate(holder.dateOfBirth, locale)}</dd>
      </dl>
    </div>
  );
}

/** A concession ticket: let in only with the card (student, ZŤP…); a companion with its ZŤP-S holder. */
function CardBox({ card, className }: { card: NonNullable<ScanAnswer['card']>; className: string }) {
  const tc = useTranslations('concessions.gate');
  return (
    <div className={`bg-white p-4 text-left text-slate-950 ${className}`} data-testid="scan-card">
      <p className="text-xl font-extrabold uppercase">{tc('checkCard', { card: tc(`cards.${card}`) })}</p>
      {card === 'companion' && <p className="mt-1 text-lg font-medium">{tc('companion')}</p>}
    </div>
  );
}
