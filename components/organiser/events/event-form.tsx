'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { Field, FormAlert, SelectField, SubmitButton, TextField } from '@/components/auth/form-parts';
import { api } from '@/lib/client/api-client';
import { useChecklistRefresh } from '@/lib/client/checklist-refresh';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import { instantToLocal, localToInstant } from '@/lib/organiser/zoned-time';
import { EVENT_LIMITS, eventFormSchemaFor, type EventFormValues, type OrganiserEvent } from '@/lib/schemas/organiser-events';
import { majorOf, minorOfMajor } from '@/lib/money';

const LANGUAGES = ['sk', 'cs', 'en'] as const;
const FORM_STATUSES = [404, 409, 422];

type Venue = { id: string; name: string; city: string };
type Language = (typeof LANGUAGES)[number];
/** The organisation's own language (its texts' required first one) and currency (a new event's). */
export type OrgDefaults = { language: Language; currency: 'EUR' | 'CZK' };

/** The form's values of an event (or of a new draft at the first venue, in the organisation's currency). */
function valuesOf(event: OrganiserEvent | null, venues: Venue[], defaults: OrgDefaults): EventFormValues {
  return {
    title: event?.title ?? { sk: '', cs: '', en: '' },
    summary: event?.summary ?? { sk: '', cs: '', en: '' },
    description: event?.description ?? { sk: '', cs: '', en: '' },
    performers: event?.performers.join('\n') ?? '',
    category: event?.category ?? 'sport',
    venueId: event?.venueId ?? venues[0]?.id ?? '',
    currency: event?.currency ?? defaults.currency,
    startsAt: instantToLocal(event?.startsAt),
    doorsAt: instantToLocal(event?.doorsAt),
    endsAt: instantToLocal(event?.endsAt),
    saleStartsAt: instantToLocal(event?.saleStartsAt),
    saleEndsAt: instantToLocal(event?.saleEndsAt),
    prioritySaleStartsAt: instantToLocal(event?.prioritySaleStartsAt),
    prioritySalePoints: event?.prioritySalePoints == null ? '' : String(event.prioritySalePoints),
    maxTicketsPerOrder: event?.maxTicketsPerOrder ?? 10,
    maxTicketsPerUser: event?.maxTicketsPerUser ?? 20,
    reservationMinutes: event?.reservationMinutes ?? 10,
    serviceFee: majorOf(event?.serviceFeeAmount ?? 0),
  };
}

/** The API body of the form's values: instants with their offset, the line-up as a list, the fee in minor units. */
function bodyOf(values: EventFormValues) {
  return {
    title: values.title,
    summary: values.summary,
    description: values.description,
    performers: values.performers
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    category: values.category,
    venueId: values.venueId,
    currency: values.currency,
    startsAt: localToInstant(values.startsAt),
    doorsAt: localToInstant(values.doorsAt),
    endsAt: localToInstant(values.endsAt),
    saleStartsAt: localToInstant(values.saleStartsAt),
    saleEndsAt: localToInstant(values.saleEndsAt),
    prioritySaleStartsAt: localToInstant(values.prioritySaleStartsAt),
    prioritySalePoints: values.prioritySalePoints.trim() ? Number(values.prioritySalePoints) : null,
    maxTicketsPerOrder: values.maxTicketsPerOrder,
    maxTicketsPerUser: values.maxTicketsPerUser,
    reservationMinutes: values.reservationMinutes,
    serviceFeeAmount: minorOfMajor(values.serviceFee),
  };
}

/** The API's field → the form's (the fee is in whole units here, the line-up one text). */
function formField(field: string): Path<EventFormValues> | null {
  if (field === 'serviceFeeAmount') return 'serviceFee';
  if (field.startsWith('performers')) return 'performers';
  if (field === 'organisation') return null;
  return field as Path<EventFormValues>;
}

/**
 * Creates a draft (then opens its editor) or edits an event. Texts are grouped per language, the
 * organisation's own first and required; the others may stay empty (fans then read the organisation's
 * language: lib/localized-text.ts). Date-times are Bratislava time.
 */
export function EventForm({ orgId, venues, event, locked, defaults }: { orgId: string; venues: Venue[]; event: OrganiserEvent | null; locked: boolean; defaults: OrgDefaults }) {
  const t = useTranslations('organiser.events');
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [navigating, startTransition] = useTransition();
  const checklistRefresh = useChecklistRefresh(event?.id);
  const form = useForm<EventFormValues>({ resolver: zodResolver(eventFormSchemaFor(defaults.language)), defaultValues: valuesOf(event, venues, defaults), mode: 'onBlur' });
  const languages = [defaults.language, ...LANGUAGES.filter((l) => l !== defaults.language)];
  const { register, formState } = form;
  const error = (name: Path<EventFormValues>) => {
    const parts = name.split('.');
    let node: unknown = formState.errors;
    for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
    return (node as { message?: string } | undefined)?.message;
  };

  async function submit(values: EventFormValues) {
    setFormError(null);
    const body = bodyOf(values);
    const result = event
      ? await api.patch<{ event: OrganiserEvent }>(`/api/v1/organiser/events/${event.id}`, body, { toast: FORM_STATUSES })
      : await api.post<{ event: OrganiserEvent }>('/api/v1/organiser/events', { organisation: orgId, ...body }, { toast: FORM_STATUSES });
    if (!result.ok) {
      let placed = false;
      for (const e of result.error.errors) {
        const field = e.field ? formField(e.field) : null;
        if (field) {
          form.setError(field, { type: 'server', message: e.message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed) setFormError(result.error.message);
      return;
    }
    if (event) {
      notify.success({ title: t('saved') });
      form.reset(valuesOf(result.data.event, venues, defaults));
      checklistRefresh();
      startTransition(() => router.refresh());
    } else {
      notify.success({ title: t('created') });
      startTransition(() => router.push({ pathname: '/organiser/events/[eventId]', params: { eventId: result.data.event.id } }));
    }
  }

  const pending = formState.isSubmitting || navigating;
  const fieldset = 'space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5';
  const legend = 'px-1 text-lg font-semibold';
  const textarea =
    'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-emerald-700 focus:outline-none focus:ring-2 focus:ring-emerald-700/40 aria-[invalid=true]:border-red-600';

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-6">
      <FormAlert message={formError} />
      {locked && <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">{t('soldNote')}</p>}

      <fieldset className={fieldset}>
        <legend className={legend}>{t('groups.basics')}</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField label={t('fields.category')} error={error('category')} {...register('category')}>
            {(['sport', 'concert', 'festival'] as const).map((c) => (
              <option key={c} value={c}>
                {t(`categories.${c}`)}
              </option>
            ))}
          </SelectField>
          {/* Once sold, only the current venue and currency are offered (a disabled control would send nothing). */}
          <SelectField label={t('fields.venue')} error={error('venueId')} {...register('venueId')}>
            {venues.filter((v) => !locked || v.id === event?.venueId).map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}, {v.city}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('fields.currency')} error={error('currency')} {...register('currency')}>
            {(['EUR', 'CZK'] as const)
              .filter((c) => !locked || c === event?.currency)
              .map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
          </SelectField>
        </div>
      </fieldset>

      <fieldset className={fieldset}>
        <legend className={legend}>{t('texts')}</legend>
        <p className="text-sm text-slate-700">{t('fallbackNote', { language: t(`languages.${defaults.language}`) })}</p>
        <div className="grid gap-4 lg:grid-cols-3">
          {languages.map((lang) => (
            <fieldset key={lang} lang={lang} className="space-y-3 rounded-lg border border-slate-200 p-3">
              <legend className="px-1 font-medium">{t(`languages.${lang}`)}</legend>
              <TextField label={t('fields.title')} error={error(`title.${lang}`)} required={lang === defaults.language} maxLength={200} {...register(`title.${lang}`)} />
              <TextField label={t('fields.summary')} error={error(`summary.${lang}`)} maxLength={500} {...register(`summary.${lang}`)} />
              <Field label={t('fields.description')} error={error(`description.${lang}`)}>
                {({ id, describedBy, invalid }) => <textarea id={id} aria-describedby={describedBy} aria-invalid={invalid} rows={6} className={textarea} {...register(`description.${lang}`)} />}
              </Field>
            </fieldset>
          ))}
        </div>
        <Field label={t('fields.performers')} error={error('performers')}>
          {({ id, describedBy, invalid }) => <textarea id={id} aria-describedby={describedBy} aria-invalid={invalid} rows={4} className={textarea} {...register('performers')} />}
        </Field>
      </fieldset>

      <fieldset className={fieldset}>
        <legend className={legend}>{t('groups.times')}</legend>
        <p className="text-sm text-slate-700">{t('timeZoneNote')}</p>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField type="datetime-local" label={t('fields.startsAt')} error={error('startsAt')} required {...register('startsAt')} />
          <TextField type="datetime-local" label={`${t('fields.doorsAt')} (${t('optional')})`} error={error('doorsAt')} {...register('doorsAt')} />
          <TextField type="datetime-local" label={`${t('fields.endsAt')} (${t('optional')})`} error={error('endsAt')} {...register('endsAt')} />
        </div>
      </fieldset>

      <fieldset className={fieldset}>
        <legend className={legend}>{t('groups.sales')}</legend>
        <p className="text-sm text-slate-700">{t('saleNote')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField type="datetime-local" label={`${t('fields.saleStartsAt')} (${t('optional')})`} error={error('saleStartsAt')} {...register('saleStartsAt')} />
          <TextField type="datetime-local" label={`${t('fields.saleEndsAt')} (${t('optional')})`} error={error('saleEndsAt')} {...register('saleEndsAt')} />
          <p className="text-sm text-slate-700 sm:col-span-2">
            {t('priorityNote')}
          </p>
          <TextField
            type="datetime-local"
            label={`${t('fields.prioritySaleStartsAt')} (${t('optional')})`}
            error={error('prioritySaleStartsAt')}
            {...register('prioritySaleStartsAt')}
          />
          <TextField
            type="text"
            inputMode="numeric"
            label={`${t('fields.prioritySalePoints')} (${t('optional')})`}
            error={error('prioritySalePoints')}
            {...register('prioritySalePoints')}
          />
          <TextField
            type="number"
            inputMode="numeric"
            min={EVENT_LIMITS.maxTicketsPerOrder.min}
            max={EVENT_LIMITS.maxTicketsPerOrder.max}
            label={t('fields.maxTicketsPerOrder')}
            error={error('maxTicketsPerOrder')}
            {...register('maxTicketsPerOrder', { valueAsNumber: true })}
          />
          <TextField
            type="number"
            inputMode="numeric"
            min={EVENT_LIMITS.maxTicketsPerUser.min}
            max={EVENT_LIMITS.maxTicketsPerUser.max}
            label={t('fields.maxTicketsPerUser')}
            error={error('maxTicketsPerUser')}
            {...register('maxTicketsPerUser', { valueAsNumber: true })}
          />
          <TextField
            type="number"
            inputMode="numeric"
            min={EVENT_LIMITS.reservationMinutes.min}
            max={EVENT_LIMITS.reservationMinutes.max}
            label={t('fields.reservationMinutes')}
            error={error('reservationMinutes')}
            {...register('reservationMinutes', { valueAsNumber: true })}
          />
          <TextField
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            label={t('fields.serviceFee', { currency: form.watch('currency') })}
            error={error('serviceFee')}
            {...register('serviceFee', { valueAsNumber: true })}
          />
        </div>
      </fieldset>

      <div className="sm:max-w-xs">
        <SubmitButton pending={pending} pendingLabel={event ? t('saving') : t('creating')}>
          {event ? t('save') : t('create')}
        </SubmitButton>
      </div>
    </form>
  );
}
