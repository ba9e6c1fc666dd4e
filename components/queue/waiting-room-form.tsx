'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { FORM_STATUSES } from '@/components/auth/auth-helpers';
import { FormAlert, SubmitButton, TextField } from '@/components/auth/form-parts';
import { Toggle } from '@/components/organiser/resale-policy-form';
import { ConfirmDialog } from '@/components/profile/confirm-dialog';
import { useHydrated } from '@/components/ui/use-hydrated';
import { api, type ApiFailure } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { instantToLocal, localToInstant } from '@/lib/organiser/zoned-time';
import type { WaitingRoomAnswer } from '@/lib/schemas/queue';

type Room = NonNullable<WaitingRoomAnswer['room']>;
type Values = { ratePerMinute: string; admissionMinutes: string; presaleStartsAt: string; presaleSeasonHolders: boolean; presaleMinPoints: string };
type Errors = Partial<Record<'ratePerMinute' | 'admissionMinutes' | 'presaleStartsAt' | 'presaleMinPoints' | 'count', string>>;

/** Blank → null; a number → the number; anything else as typed (the API answers with the field's message). */
const numberOf = (text: string): number | string | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isNaN(value) ? trimmed : value;
};

const valuesOf = (room: Room | null): Values => ({
  ratePerMinute: room?.ratePerMinute == null ? '' : String(room.ratePerMinute),
  admissionMinutes: String(room?.admissionMinutes ?? 10),
  presaleStartsAt: room?.presaleStartsAt ? instantToLocal(room.presaleStartsAt) : '',
  presaleSeasonHolders: room?.presaleSeasonHolders ?? false,
  presaleMinPoints: room?.presaleMinPoints == null ? '' : String(room.presaleMinPoints),
});

/** The field errors of a 4xx answer (already translated by the API), or its message for the form. */
function errorsOf(failure: ApiFailure): { fields: Errors; form: string | null } {
  const fields: Errors = {};
  for (const error of failure.errors) if (error.field && !(error.field in fields)) fields[error.field as keyof Errors] = error.message;
  return { fields, form: Object.keys(fields).length ? null : failure.message };
}

/**
 * A queued on-sale in the console (an event's sale or a season's ticket sale: `url` is its waiting room's API): queue the sale or stop queuing it, the admission rate (blank:
 * the automatic default), how long a turn lasts, the presale window and who may use it, presale codes
 * (shown once), and the live queue figures (asked again every 15 s while the sale is queued).
 */
export function WaitingRoomForm({ url, codesFile, initial }: { url: string; codesFile: string; initial: WaitingRoomAnswer }) {
  const t = useTranslations('queue.organiser');
  const hydrated = useHydrated();
  const [answer, setAnswer] = useState(initial);
  const [values, setValues] = useState(() => valuesOf(initial.room));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [stopping, setStopping] = useState(false);
  const [confirmStop, setConfirmStop] = useState(false);
  const [count, setCount] = useState('10');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [generating, setGenerating] = useState(false);
  const room = answer.room;

  // The live figures: how many wait and were admitted, the codes used.
  useEffect(() => {
    if (!hydrated || !room) return;
    const timer = setInterval(async () => {
      const result = await api.get<WaitingRoomAnswer>(url, { toast: false });
      if (result.ok) setAnswer(result.data);
    }, 15_000);
    return () => clearInterval(timer);
  }, [hydrated, Boolean(room)]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    const presaleStartsAt = localToInstant(values.presaleStartsAt);
    if (presaleStartsAt === undefined) return setErrors({ presaleStartsAt: t('presaleStartsAtInvalid') });
    setSaving(true);
    try {
      const body = {
        ratePerMinute: numberOf(values.ratePerMinute),
        admissionMinutes: numberOf(values.admissionMinutes) ?? 10,
        presaleStartsAt,
        presaleSeasonHolders: values.presaleSeasonHolders,
        presaleMinPoints: numberOf(values.presaleMinPoints),
      };
      const result = await api.put<WaitingRoomAnswer>(url, body, { toast: FORM_STATUSES });
      if (!result.ok) {
        const { fields, form } = errorsOf(result.error);
        setErrors(fields);
        return setFormError(form);
      }
      setAnswer(result.data);
      setValues(valuesOf(result.data.room));
      notify.success({ title: room ? t('saved') : t('queued') });
    } finally {
      setSaving(false);
    }
  }

  async function stop() {
    setStopping(true);
    try {
      const result = await api.delete(url);
      if (!result.ok) return;
      setConfirmStop(false);
      setCodes(null);
      setAnswer({ ...answer, room: null });
      notify.success({ title: t('stopped') });
    } finally {
      setStopping(false);
    }
  }

  async function generate(event: React.FormEvent) {
    event.preventDefault();
    setErrors((current) => ({ ...current, count: undefined }));
    setGenerating(true);
    try {
      const result = await api.post<{ codes: string[] }>(`${url}/codes`, { count: numberOf(count) }, { toast: [...FORM_STATUSES, 404] });
      if (!result.ok) {
        const { fields, form } = errorsOf(result.error);
        setErrors((current) => ({ ...current, count: fields.count ?? form ?? undefined }));
        return;
      }
      setCodes(result.data.codes);
      setAnswer((current) => (current.room ? { ...current, room: { ...current.room, codes: current.room.codes + result.data.codes.length } } : current));
    } finally {
      setGenerating(false);
    }
  }

  const download = codes ? `data:text/plain;charset=utf-8,${encodeURIComponent(codes.join('\n') + '\n')}` : null;

  return (
    <div className="max-w-2xl space-y-8">
      <section aria-labelledby="waiting-room-state" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6" data-testid="waiting-room-state">
        <h3 id="waiting-room-state" className="text-lg font-semibold">
          {room ? t('on') : t('off')}
        </h3>
        {room ? (
          <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3" data-testid="waiting-room-figures">
            <div>
              <dt className="text-sm text-slate-600">{t('waiting')}</dt>
              <dd className="text-xl font-semibold">{room.waiting}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{t('admitted')}</dt>
              <dd className="text-xl font-semibold">{room.admitted}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{t('rate')}</dt>
              <dd className="text-xl font-semibold">{room.effectiveRatePerMinute}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{t('codes')}</dt>
              <dd className="text-xl font-semibold">{room.codes}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{t('codesUsed')}</dt>
              <dd className="text-xl font-semibold">{room.codesUsed}</dd>
            </div>
          </dl>
        ) : (
          <p className="mt-2 text-slate-700">{t('offHint')}</p>
        )}
      </section>

      <form onSubmit={(e) => void save(e)} noValidate aria-labelledby="waiting-room-settings" className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" data-testid="waiting-room-form">
        <h3 id="waiting-room-settings" className="text-lg font-semibold">
          {t('settings')}
        </h3>
        <FormAlert message={formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <TextField label={t('ratePerMinute')} inputMode="numeric" value={values.ratePerMinute} error={errors.ratePerMinute} onChange={(e) => set('ratePerMinute', e.target.value)} />
            <p className="mt-1 text-sm text-slate-600">{t('rateHint', { rate: answer.defaultRatePerMinute })}</p>
          </div>
          <div>
            <TextField label={t('admissionMinutes')} inputMode="numeric" value={values.admissionMinutes} error={errors.admissionMinutes} onChange={(e) => set('admissionMinutes', e.target.value)} />
            <p className="mt-1 text-sm text-slate-600">{t('admissionMinutesHint')}</p>
          </div>
        </div>
        <fieldset className="space-y-3">
          <legend className="font-medium">{t('presale')}</legend>
          <p className="text-sm text-slate-600">{t('presaleHint')}</p>
          <TextField label={t('presaleStartsAt')} type="datetime-local" value={values.presaleStartsAt} error={errors.presaleStartsAt} onChange={(e) => set('presaleStartsAt', e.target.value)} />
          <Toggle label={t('presaleSeasonHolders')} checked={values.presaleSeasonHolders} onChange={(e) => set('presaleSeasonHolders', e.target.checked)} />
          <div>
            <TextField label={t('presaleMinPoints')} inputMode="numeric" value={values.presaleMinPoints} error={errors.presaleMinPoints} onChange={(e) => set('presaleMinPoints', e.target.value)} />
            <p className="mt-1 text-sm text-slate-600">{t('presaleMinPointsHint')}</p>
          </div>
          <p className="text-sm text-slate-600">{t('presaleCodesHint')}</p>
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <SubmitButton pending={saving} pendingLabel={t('saving')} inline>
            {room ? t('save') : t('queue')}
          </SubmitButton>
          {room && (
            <button
              type="button"
              disabled={!hydrated}
              onClick={() => setConfirmStop(true)}
              className="rounded-lg border border-red-300 px-5 py-3 font-medium text-red-800 hover:bg-red-50 disabled:opacity-60"
            >
              {t('stop')}
            </button>
          )}
        </div>
      </form>

      {room && (
        <form onSubmit={(e) => void generate(e)} noValidate aria-labelledby="waiting-room-codes" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" data-testid="presale-codes-form">
          <h3 id="waiting-room-codes" className="text-lg font-semibold">
            {t('codesTitle')}
          </h3>
          <p className="text-sm text-slate-600">{t('codesHint')}</p>
          <div className="flex flex-wrap items-end gap-3">
            <div className="w-40">
              <TextField label={t('count')} inputMode="numeric" value={count} error={errors.count} onChange={(e) => setCount(e.target.value)} />
            </div>
            <SubmitButton pending={generating} pendingLabel={t('generating')} inline>
              {t('generate')}
            </SubmitButton>
          </div>
          {codes && (
            <div className="space-y-3" data-testid="presale-codes">
              <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
                {t('shownOnce', { count: codes.length })}
              </p>
              <ul aria-label={t('codesList')} className="grid gap-1 font-mono text-base sm:grid-cols-2">
                {codes.map((code) => (
                  <li key={code} data-testid="presale-code">
                    {code}
                  </li>
                ))}
              </ul>
              {download && (
                <a href={download} download={`presale-codes-${codesFile}.txt`} className="inline-block rounded-lg border border-slate-300 px-4 py-2 font-medium text-emerald-900 hover:bg-slate-50">
                  {t('download')}
                </a>
              )}
            </div>
          )}
        </form>
      )}

      <ConfirmDialog open={confirmStop} title={t('stopTitle')} confirmLabel={t('stopYes')} cancelLabel={t('stopNo')} pending={stopping} onConfirm={() => void stop()} onCancel={() => setConfirmStop(false)}>
        {t('stopBody')}
      </ConfirmDialog>
    </div>
  );
}
