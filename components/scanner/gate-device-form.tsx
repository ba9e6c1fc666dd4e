'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { dateTimeFormat } from '@/lib/i18n/formats';
import type { GateDevice } from './gate-device';
import type { ScannerEvent } from './types';
import { textIn } from '@/lib/localized-text';
import type { Locale } from '@/lib/i18n/locales';

const GATE_MAX = 40;

/** Setting a gate device up (or changing it): the gate's name and the events it serves. */
export function GateDeviceForm({ events, device, onSave, onCancel }: { events: ScannerEvent[]; device: GateDevice | null; onSave: (device: GateDevice) => void; onCancel?: () => void }) {
  const t = useTranslations('scanner.device');
  const locale = useLocale();
  const id = useId();
  const [gate, setGate] = useState(device?.gate ?? '');
  const [chosen, setChosen] = useState<string[]>(() => {
    const kept = events.filter((e) => device?.eventIds.includes(e.id)).map((e) => e.id);
    return kept.length ? kept : events.slice(0, 1).map((e) => e.id);
  });
  const [errors, setErrors] = useState<{ gate?: string; events?: string }>({});
  const when = (iso: string) => dateTimeFormat(locale, { day: 'numeric', month: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = gate.trim();
    const next = { gate: name ? undefined : t('gateNameRequired'), events: chosen.length ? undefined : t('eventsRequired') };
    setErrors(next);
    if (next.gate || next.events) return;
    onSave({ gate: name, eventIds: chosen });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5 rounded-2xl border-2 border-slate-900 bg-white p-4 sm:p-6" aria-labelledby={`${id}-title`} data-testid="gate-device-form">
      <div className="space-y-1">
        <h2 id={`${id}-title`} className="text-2xl font-bold">
          {t('setupTitle')}
        </h2>
        <p className="text-slate-800">{t('setupIntro')}</p>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-gate`} className="block text-lg font-semibold">
          {t('gateName')}
        </label>
        <p id={`${id}-gate-hint`} className="text-sm text-slate-700">
          {t('gateNameHint')}
        </p>
        <input
          id={`${id}-gate`}
          value={gate}
          onChange={(e) => setGate(e.target.value)}
          maxLength={GATE_MAX}
          autoComplete="off"
          aria-invalid={Boolean(errors.gate)}
          aria-describedby={errors.gate ? `${id}-gate-hint ${id}-gate-error` : `${id}-gate-hint`}
          className="block min-h-14 w-full rounded-xl border-2 border-slate-700 bg-white px-4 text-xl"
        />
        {errors.gate && (
          <p id={`${id}-gate-error`} role="alert" className="font-medium text-red-800">
            {errors.gate}
          </p>
        )}
      </div>
      <fieldset className="space-y-2" aria-describedby={errors.events ? `${id}-events-error` : undefined}>
        <legend className="text-lg font-semibold">{t('events')}</legend>
        {events.map((e) => (
          <label key={e.id} className="flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 border-slate-300 px-4 py-2 has-[:checked]:border-emerald-800 has-[:checked]:bg-emerald-50">
            <input
              type="checkbox"
              className="h-6 w-6 shrink-0 accent-emerald-800"
              checked={chosen.includes(e.id)}
              data-slug={e.slug}
              onChange={(change) => setChosen((list) => (change.target.checked ? [...list, e.id] : list.filter((x) => x !== e.id)))}
            />
            <span className="text-base font-medium">
              {textIn(e.title, locale as Locale)} · {when(e.startsAt)}
            </span>
          </label>
        ))}
        {errors.events && (
          <p id={`${id}-events-error`} role="alert" className="font-medium text-red-800">
            {errors.events}
          </p>
        )}
      </fieldset>
      <div className="flex flex-col gap-3 sm:flex-row">
        <button type="submit" className="min-h-14 rounded-xl bg-emerald-800 px-6 text-lg font-bold text-white hover:bg-emerald-700">
          {t('save')}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel} className="min-h-14 rounded-xl border-2 border-slate-700 px-6 text-lg font-semibold hover:bg-slate-50">
            {t('cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
