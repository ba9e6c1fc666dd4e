'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, useTransition, type FormEvent } from 'react';
import { FormAlert, SelectField, SubmitButton, TextField } from '@/components/auth/form-parts';
import { formatDateTime, localized } from '@/components/tickets/format';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import { localToInstant } from '@/lib/organiser/zoned-time';
import type { OrganiserSeason } from '@/lib/schemas/seasons';

const card = 'space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6';

/**
 * The season's template (PUT …/template: one of its matches) and "New match from template" (POST
 * …/matches/from-template): a draft copied from it at the start asked here (the console's wall clock, as
 * the event form), added to the season; it opens in the editor, where its checklist says what is missing.
 */
export function SeasonTemplate({ season, locale }: { season: OrganiserSeason; locale: string }) {
  const t = useTranslations('seasons.template');
  const tDate = useTranslations('organiser.events.validation');
  const router = useRouter();
  const titleId = useId();
  const [template, setTemplate] = useState(season.templateEventId ?? '');
  const [startsAt, setStartsAt] = useState('');
  const [sending, setSending] = useState<'template' | 'match' | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [navigating, startTransition] = useTransition();

  async function saveTemplate(event: FormEvent) {
    event.preventDefault();
    setSending('template');
    const result = await api.put(`/api/v1/organiser/seasons/${season.id}/template`, { eventId: template || null });
    setSending(null);
    if (!result.ok) return;
    notify.success({ title: t('saved') });
    startTransition(() => router.refresh());
  }

  async function newMatch(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const instant = localToInstant(startsAt);
    if (!instant) return setError(tDate('date'));
    setError(undefined);
    setSending('match');
    const result = await api.post<{ eventId: string }>(`/api/v1/organiser/seasons/${season.id}/matches/from-template`, { startsAt: instant }, { toast: [409, 422] });
    setSending(null);
    if (!result.ok) {
      const field = result.error.errors.find((e) => e.field === 'startsAt');
      if (field) setError(field.message);
      else setFormError(result.error.message);
      return;
    }
    notify.success({ title: t('created') });
    const eventId = result.data.eventId;
    startTransition(() => router.push({ pathname: '/organiser/events/[eventId]', params: { eventId } }));
  }

  return (
    <section aria-labelledby={titleId} className={card} data-testid="season-template">
      <h2 id={titleId} className="text-xl font-semibold">
        {t('title')}
      </h2>
      <p className="max-w-2xl text-slate-700">{t('intro')}</p>
      <form onSubmit={saveTemplate} className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <SelectField label={t('choose')} value={template} onChange={(e) => setTemplate(e.target.value)}>
            <option value="">{t('none')}</option>
            {season.matches.map((m) => (
              <option key={m.id} value={m.id}>
                {localized(m.title, locale)} · {formatDateTime(m.startsAt, locale)}
              </option>
            ))}
          </SelectField>
        </div>
        <SubmitButton pending={sending === 'template'} inline>
          {t('save')}
        </SubmitButton>
      </form>
      {season.templateEventId && (
        <form onSubmit={newMatch} noValidate className="space-y-3">
          <FormAlert message={formError} />
          <div className="flex flex-wrap items-end gap-3">
            <div className="min-w-0 flex-1">
              <TextField type="datetime-local" name="startsAt" label={t('startsAt')} required value={startsAt} error={error} onChange={(e) => setStartsAt(e.target.value)} />
            </div>
            <SubmitButton pending={sending === 'match' || navigating} pendingLabel={t('creating')} inline>
              {t('create')}
            </SubmitButton>
          </div>
        </form>
      )}
    </section>
  );
}
