'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SelectField, SubmitButton, TextField } from '@/components/auth/form-parts';
import { ConfirmDialog } from '@/components/profile/confirm-dialog';
import { useHydrated } from '@/components/ui/use-hydrated';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { createSectionSchema, updateSectionSchema } from '@/lib/schemas/organiser-venues';
import { TitledSection } from '@/components/ui/titled-section';

type Section = { id: string; code: string; name: { sk: string; cs: string; en: string }; kind: 'seated' | 'standing'; seats: number; capacity: number | null; sold: number };
type AddValues = z.input<typeof createSectionSchema>;
type EditValues = z.input<typeof updateSectionSchema>;

const numberOrUndefined = (value: unknown) => (value === '' || value === null || value === undefined ? undefined : Number(value));
const button = 'min-h-11 rounded-lg px-4 py-2 font-medium disabled:opacity-60';

/** Adds a block of R × S seats (or a standing area) to the layout; the server places the seats. */
function AddSection({ venueId }: { venueId: string }) {
  const t = useTranslations('organiser.venues.section');
  const router = useRouter();
  const form = useForm<AddValues, unknown, z.output<typeof createSectionSchema>>({
    resolver: zodResolver(createSectionSchema),
    defaultValues: { code: '', name: { sk: '', cs: '', en: '' }, kind: 'seated', rows: 5, seatsPerRow: 10, originX: 20, originY: 20, spacing: 12, curve: 0, rowOffset: 0 },
  });
  const {
    register,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const standing = watch('kind') === 'standing';
  const submit = form.handleSubmit(async (values) => {
    const body = standing ? { ...values, rows: undefined, seatsPerRow: undefined } : { ...values, capacity: undefined };
    const result = await api.post(`/api/v1/organiser/venues/${venueId}/sections`, body);
    if (!result.ok) return;
    notify.success({ title: t('added', { code: values.code }) });
    form.reset();
    router.refresh();
  });
  const number = (name: 'rows' | 'seatsPerRow' | 'originX' | 'originY' | 'spacing' | 'curve' | 'rowOffset' | 'capacity') => register(name, { setValueAs: numberOrUndefined });
  return (
    <form noValidate onSubmit={submit} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" aria-label={t('addTitle')}>
      <h3 className="text-lg font-semibold">{t('addTitle')}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('code')} autoComplete="off" error={errors.code?.message} {...register('code')} />
        <SelectField label={t('kind')} error={errors.kind?.message} {...register('kind')}>
          <option value="seated">{t('seated')}</option>
          <option value="standing">{t('standing')}</option>
        </SelectField>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label={t('nameSk')} lang="sk" error={errors.name?.sk?.message ?? errors.name?.message} {...register('name.sk')} />
        <TextField label={t('nameCs')} lang="cs" error={errors.name?.cs?.message} {...register('name.cs')} />
        <TextField label={t('nameEn')} lang="en" error={errors.name?.en?.message} {...register('name.en')} />
      </div>
      {standing ? (
        <TextField label={t('capacity')} inputMode="numeric" error={errors.capacity?.message} {...number('capacity')} />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t('rows')} inputMode="numeric" error={errors.rows?.message} {...number('rows')} />
            <TextField label={t('seatsPerRow')} inputMode="numeric" error={errors.seatsPerRow?.message} {...number('seatsPerRow')} />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField label={t('spacing')} inputMode="decimal" error={errors.spacing?.message} {...number('spacing')} />
            <TextField label={t('curve')} inputMode="decimal" error={errors.curve?.message} {...number('curve')} />
            <TextField label={t('rowOffset')} inputMode="decimal" error={errors.rowOffset?.message} {...number('rowOffset')} />
          </div>
        </>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('originX')} inputMode="decimal" error={errors.originX?.message} {...number('originX')} />
        <TextField label={t('originY')} inputMode="decimal" error={errors.originY?.message} {...number('originY')} />
      </div>
      <SubmitButton pending={isSubmitting} inline>
        {t('add')}
      </SubmitButton>
    </form>
  );
}

/** One section's code, names, position (a move by dx/dy) and a standing area's capacity. */
function EditSection({ venueId, section, onDone }: { venueId: string; section: Section; onDone: () => void }) {
  const t = useTranslations('organiser.venues.section');
  const router = useRouter();
  const form = useForm<EditValues, unknown, z.output<typeof updateSectionSchema>>({
    resolver: zodResolver(updateSectionSchema),
    defaultValues: { code: section.code, name: section.name, capacity: section.capacity ?? undefined },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const submit = form.handleSubmit(async (values) => {
    const result = await api.patch(`/api/v1/organiser/venues/${venueId}/sections/${section.id}`, values);
    if (!result.ok) return;
    notify.success({ title: t('saved', { code: values.code ?? section.code }) });
    onDone();
    router.refresh();
  });
  return (
    <form noValidate onSubmit={submit} className="mt-3 space-y-4 rounded-lg bg-slate-50 p-3" aria-label={t('editTitle', { code: section.code })}>
      <TextField label={t('code')} autoComplete="off" error={errors.code?.message} {...register('code')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label={t('nameSk')} lang="sk" error={errors.name?.sk?.message} {...register('name.sk')} />
        <TextField label={t('nameCs')} lang="cs" error={errors.name?.cs?.message} {...register('name.cs')} />
        <TextField label={t('nameEn')} lang="en" error={errors.name?.en?.message} {...register('name.en')} />
      </div>
      {section.kind === 'standing' && <TextField label={t('capacity')} inputMode="numeric" error={errors.capacity?.message} {...register('capacity', { setValueAs: numberOrUndefined })} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('moveX')} inputMode="decimal" error={errors.moveX?.message} {...register('moveX', { setValueAs: numberOrUndefined })} />
        <TextField label={t('moveY')} inputMode="decimal" error={errors.moveY?.message} {...register('moveY', { setValueAs: numberOrUndefined })} />
      </div>
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={isSubmitting} inline>
          {t('save')}
        </SubmitButton>
        <button type="button" onClick={onDone} className={`${button} border border-slate-300 bg-white hover:bg-slate-50`}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

/** The venue's sections: each with its seats and sales, to edit or delete (unsold only; the server refuses otherwise), and a form to add one. */
export function SectionEditor({ venueId, sections, locale }: { venueId: string; sections: Section[]; locale: Locale }) {
  const t = useTranslations('organiser.venues');
  const router = useRouter();
  const hydrated = useHydrated();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Section | null>(null);
  const [pending, startTransition] = useTransition();
  const [sending, setSending] = useState(false);

  async function remove(section: Section) {
    setSending(true);
    const result = await api.delete(`/api/v1/organiser/venues/${venueId}/sections/${section.id}`);
    setSending(false);
    setDeleting(null);
    if (!result.ok) return;
    notify.success({ title: t('section.deleted', { code: section.code }) });
    startTransition(() => router.refresh());
  }

  return (
    <TitledSection id="sections-title" title={t('sectionsTitle')} className="space-y-4">
      {sections.length === 0 ? (
        <p className="text-slate-700">{t('noSections')}</p>
      ) : (
        <ul aria-label={t('sectionsLabel')} className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {sections.map((section) => (
            <li key={section.id} className="p-4">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div>
                  <p className="font-semibold">
                    {section.code} · {section.name[locale]}
                  </p>
                  <p className="text-sm text-slate-700">
                    {section.kind === 'standing' ? t('placesOf', { count: section.capacity ?? 0 }) : t('seatsOf', { count: section.seats })}
                    {section.sold > 0 && ` · ${t('soldOf', { count: section.sold })}`}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    disabled={!hydrated}
                    aria-expanded={editing === section.id}
                    onClick={() => setEditing(editing === section.id ? null : section.id)}
                    className={`${button} border border-slate-300 bg-white hover:bg-slate-50`}
                  >
                    {t('section.edit', { code: section.code })}
                  </button>
                  <button type="button" disabled={!hydrated || pending} onClick={() => setDeleting(section)} className={`${button} border border-red-300 bg-white text-red-800 hover:bg-red-50`}>
                    {t('section.delete', { code: section.code })}
                  </button>
                </div>
              </div>
              {editing === section.id && <EditSection venueId={venueId} section={section} onDone={() => setEditing(null)} />}
            </li>
          ))}
        </ul>
      )}
      <AddSection venueId={venueId} />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? t('section.deleteConfirm.title', { code: deleting.code }) : ''}
        confirmLabel={t('section.deleteConfirm.yes')}
        cancelLabel={t('section.deleteConfirm.no')}
        pending={sending}
        onConfirm={() => deleting && remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        {t('section.deleteConfirm.text')}
      </ConfirmDialog>
    </TitledSection>
  );
}
