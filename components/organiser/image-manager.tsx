'use client';

import Image from 'next/image';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useRef, useState, useTransition, type FormEvent } from 'react';
import { FormAlert, TextField } from '@/components/auth/form-parts';
import { allowedImage, GALLERY_SIZES } from '@/components/events/safe-image';
import { ConfirmDialog } from '@/components/profile/confirm-dialog';
import { useHydrated } from '@/components/ui/use-hydrated';
import { api } from '@/lib/client/api-client';
import { useChecklistRefresh } from '@/lib/client/checklist-refresh';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import type { GalleryResult } from '@/lib/schemas/organiser-team';
import { TitledSection } from '@/components/ui/titled-section';

type GalleryImage = GalleryResult['gallery'][number];

/** The limit lib/server/events/images.ts enforces, checked here first to spare a 10 MB upload that would be refused. */
const MAX_BYTES = 10 * 1024 * 1024;
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';
const button = 'inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 font-medium disabled:opacity-60';

/** Upload pictures to an event's gallery, order them, edit their alt texts, make one the cover, delete one. */
export function ImageManager({ eventId, gallery, cover, cdnHost }: { eventId: string; gallery: GalleryImage[]; cover: string; cdnHost?: string }) {
  const t = useTranslations('organiser.images');
  const locale = useLocale() as 'sk' | 'cs' | 'en';
  const router = useRouter();
  const hydrated = useHydrated();
  const [pending, startTransition] = useTransition();
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const checklistRefresh = useChecklistRefresh(eventId);
  const refresh = () => {
    checklistRefresh();
    startTransition(() => router.refresh());
  };
  const disabled = !hydrated || busy || pending;

  async function makeCover(index: number) {
    setBusy(true);
    const result = await api.patch(`/api/v1/organiser/events/${eventId}/images/${index}`, { cover: true });
    setBusy(false);
    if (result.ok) notify.success({ title: t('gallery.coverDone') });
    refresh();
  }

  /** Swaps the picture with its neighbour (`by` = -1: earlier, +1: later). */
  async function move(index: number, by: -1 | 1) {
    const order = gallery.map((_, i) => i);
    [order[index], order[index + by]] = [order[index + by], order[index]];
    setBusy(true);
    const result = await api.patch(`/api/v1/organiser/events/${eventId}/images`, { order });
    setBusy(false);
    if (result.ok) notify.success({ title: t('gallery.moved') });
    refresh();
  }

  async function remove() {
    if (removing === null) return;
    setBusy(true);
    const result = await api.delete(`/api/v1/organiser/events/${eventId}/images/${removing}`);
    setBusy(false);
    setRemoving(null);
    if (result.ok) notify.success({ title: t('gallery.removed') });
    refresh();
  }

  return (
    <div className="space-y-10">
      <UploadForm eventId={eventId} onUploaded={refresh} />

      <TitledSection id="event-images-gallery" title={t('gallery.heading')} className="space-y-3">
        {gallery.length === 0 ? (
          <p className="text-slate-700">{t('gallery.empty')}</p>
        ) : (
          <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {gallery.map((image, index) => {
              const isCover = image.src === cover;
              return (
                <li key={image.src} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
                  <div className="relative aspect-[16/9] bg-slate-200">
                    {allowedImage(image.src, cdnHost) && <Image src={image.src} alt={image.alt[locale] ?? image.alt.en} fill sizes={GALLERY_SIZES} className="object-cover" />}
                    {isCover && <span className="absolute left-2 top-2 rounded-full bg-emerald-800 px-2.5 py-0.5 text-sm font-medium text-white">{t('gallery.cover')}</span>}
                  </div>
                  <div className="space-y-3 p-3">
                    <p className="text-sm font-medium">
                      {t('gallery.picture', { n: index + 1 })} · {t('gallery.size', { width: image.width, height: image.height })}
                    </p>
                    <dl className="space-y-1 text-sm text-slate-700">
                      {(['sk', 'cs', 'en'] as const).map((language) => (
                        <div key={language} className="flex gap-2">
                          <dt className="font-medium uppercase">{language}</dt>
                          <dd lang={language} className="min-w-0 break-words">
                            {image.alt[language]}
                          </dd>
                        </div>
                      ))}
                    </dl>
                    <AltTextForm eventId={eventId} index={index} alt={image.alt} disabled={disabled} onSaved={refresh} />
                    <div className="flex flex-wrap gap-2">
                      {index > 0 && (
                        <button
                          type="button"
                          disabled={disabled}
                          onClick={() => move(index, -1)}
                          aria-label={t('gallery.earlierLabel', { n: index + 1 })}
                          className={`${button} border border-slate-300 bg-white hover:bg-slate-50`}
                        >
                          <span aria-hidden="true">←</span>&nbsp;{t('gallery.earlier')}
                        </button>
                      )}
                      {index < gallery.length - 1 && (
                        <button
                          type="button"
                          disabled={disabled}
                          onClick={() => move(index, 1)}
                          aria-label={t('gallery.laterLabel', { n: index + 1 })}
                          className={`${button} border border-slate-300 bg-white hover:bg-slate-50`}
                        >
                          {t('gallery.later')}&nbsp;<span aria-hidden="true">→</span>
                        </button>
                      )}
                      {!isCover && (
                        <button
                          type="button"
                          disabled={disabled}
                          onClick={() => makeCover(index)}
                          aria-label={t('gallery.makeCoverLabel', { n: index + 1 })}
                          className={`${button} border border-slate-300 bg-white hover:bg-slate-50`}
                        >
                          {t('gallery.makeCover')}
                        </button>
                      )}
                      <button
                        type="button"
                        disabled={disabled}
                        onClick={() => setRemoving(index)}
                        aria-label={t('gallery.removeLabel', { n: index + 1 })}
                        className={`${button} border border-red-300 bg-white text-red-800 hover:bg-red-50`}
                      >
                        {t('gallery.remove')}
                      </button>
                    </div>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </TitledSection>

      <ConfirmDialog
        open={removing !== null}
        title={t('confirmRemove.title')}
        confirmLabel={t('confirmRemove.yes')}
        cancelLabel={t('confirmRemove.no')}
        pending={busy}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      >
        {t('confirmRemove.text')}
      </ConfirmDialog>
    </div>
  );
}

/** Edits a picture's three alt texts (what a screen reader says for it), folded away until opened. */
function AltTextForm({ eventId, index, alt, disabled, onSaved }: { eventId: string; index: number; alt: GalleryImage['alt']; disabled: boolean; onSaved: () => void }) {
  const t = useTranslations('organiser.images');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    setSaving(true);
    setError(null);
    const result = await api.patch(`/api/v1/organiser/events/${eventId}/images/${index}`, { alt: { sk: text('sk'), cs: text('cs'), en: text('en') } }, { toast: [422] });
    setSaving(false);
    if (!result.ok) {
      if (result.status) setError(result.error.errors[0]?.message ?? result.error.message);
      return;
    }
    notify.success({ title: t('gallery.altSaved') });
    onSaved();
  }

  return (
    <details className="rounded-lg border border-slate-200">
      <summary className="min-h-11 cursor-pointer px-3 py-2 font-medium">{t('gallery.editAlt', { n: index + 1 })}</summary>
      <form onSubmit={save} noValidate className="space-y-3 p-3" aria-busy={saving}>
        <FormAlert message={error} />
        <TextField name="sk" lang="sk" maxLength={300} label={t('gallery.altSkOf', { n: index + 1 })} defaultValue={alt.sk} />
        <TextField name="cs" lang="cs" maxLength={300} label={t('gallery.altCsOf', { n: index + 1 })} defaultValue={alt.cs} />
        <TextField name="en" lang="en" maxLength={300} label={t('gallery.altEnOf', { n: index + 1 })} defaultValue={alt.en} />
        <button type="submit" disabled={disabled || saving} className={`${button} bg-emerald-800 text-white hover:bg-emerald-700`}>
          {saving ? t('gallery.altSaving') : t('gallery.altSave')}
        </button>
      </form>
    </details>
  );
}

/** A picture and its three alt texts; the server checks the bytes, the size is checked here first. */
function UploadForm({ eventId, onUploaded }: { eventId: string; onUploaded: () => void }) {
  const t = useTranslations('organiser.images');
  const hydrated = useHydrated();
  const fileId = useId();
  const errorId = `${fileId}-error`;
  const formRef = useRef<HTMLFormElement>(null);
  const [uploading, setUploading] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFileError(null);
    setFormError(null);
    const data = new FormData(event.currentTarget);
    const file = data.get('file');
    if (!(file instanceof File) || file.size === 0) return setFileError(t('errors.required'));
    if (file.size > MAX_BYTES) return setFileError(t('errors.tooLarge'));
    setUploading(true);
    // A large picture on a slow connection takes a while: a minute before giving up.
    const result = await api.post(`/api/v1/organiser/events/${eventId}/images`, data, { toast: [409, 413, 415, 422], timeoutMs: 60_000 });
    setUploading(false);
    if (!result.ok) {
      if (!result.status) return;
      const atFile = result.error.errors.find((e) => e.field === 'file');
      if (atFile || result.status === 413 || result.status === 415) setFileError(atFile?.message ?? result.error.message);
      else setFormError(result.error.message);
      return;
    }
    notify.success({ title: t('upload.done') });
    formRef.current?.reset();
    onUploaded();
  }

  return (
    <TitledSection id="event-images-upload" title={t('upload.heading')} className="max-w-xl space-y-3">
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" aria-busy={uploading}>
        <FormAlert message={formError} />
        <div className="space-y-1">
          <label htmlFor={fileId} className="block text-sm font-medium text-slate-800">
            {t('upload.file')}
          </label>
          <input
            id={fileId}
            name="file"
            type="file"
            accept={ACCEPT}
            aria-describedby={fileError ? errorId : undefined}
            aria-invalid={Boolean(fileError)}
            onChange={() => setFileError(null)}
            className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base file:mr-3 file:min-h-9 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:font-medium focus:outline-none focus:ring-2 focus:ring-emerald-700/40"
          />
          {fileError && (
            <p id={errorId} role="alert" className="text-sm text-red-700">
              {fileError}
            </p>
          )}
        </div>
        <p className="text-sm text-slate-700">{t('upload.altHint')}</p>
        <TextField name="altSk" lang="sk" maxLength={300} label={t('upload.altSk')} />
        <TextField name="altCs" lang="cs" maxLength={300} label={t('upload.altCs')} />
        <TextField name="altEn" lang="en" maxLength={300} label={t('upload.altEn')} />
        <button
          type="submit"
          disabled={!hydrated || uploading}
          aria-busy={uploading}
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white hover:bg-emerald-700 disabled:cursor-wait disabled:opacity-70"
        >
          {uploading && <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />}
          {uploading ? t('upload.pending') : t('upload.submit')}
        </button>
        <p aria-live="polite" className="sr-only">
          {uploading ? t('upload.pending') : ''}
        </p>
      </form>
    </TitledSection>
  );
}
