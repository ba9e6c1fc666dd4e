'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors, FORM_STATUSES } from '@/components/auth/auth-helpers';
import { FormAlert, SelectField, SubmitButton, TextField } from '@/components/auth/form-parts';
import { ConfirmDialog } from '@/components/profile/confirm-dialog';
import { useHydrated } from '@/components/ui/use-hydrated';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import { REDEEM_BATCH_MAX, redeemBatchCreateSchema, type redeemBatchSchema, type redeemCodeRowSchema } from '@/lib/schemas/organiser-codes';
import type { CodesEventOption } from './coupons-panel';
import { formatDate } from '@/lib/i18n/formats';
import { TitledSection } from '@/components/ui/titled-section';

export type RedeemBatch = z.infer<typeof redeemBatchSchema>;
type CodeRow = z.infer<typeof redeemCodeRowSchema>;

type Values = { eventId: string; categoryId: string; count: string; expiresAt: string };
const FIELDS = ['eventId', 'categoryId', 'count', 'expiresAt'] as const;

function bodyOf(v: Values) {
  const count = v.count.trim() === '' ? null : Number(v.count.trim());
  return { eventId: v.eventId, categoryId: v.categoryId, count, expiresAt: v.expiresAt ? new Date(v.expiresAt).toISOString() : null };
}

const empty: Values = { eventId: '', categoryId: '', count: '10', expiresAt: '' };
const button = 'min-h-11 rounded-lg px-4 py-2 text-sm font-medium disabled:opacity-60';

/** One batch's codes, loaded when opened: each code's use and a deactivate/activate button. */
function BatchCodes({ batch, onChanged }: { batch: RedeemBatch; onChanged: () => void }) {
  const t = useTranslations('organiser.codes.redeem');
  const locale = useLocale();
  const hydrated = useHydrated();
  const [codes, setCodes] = useState<CodeRow[] | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<CodeRow | null>(null);

  async function toggle() {
    if (open) return setOpen(false);
    setOpen(true);
    if (codes) return;
    const result = await api.get<{ codes: CodeRow[] }>('/api/v1/organiser/redeem-codes', { query: { batch: batch.id } });
    if (result.ok) setCodes(result.data.codes);
  }

  async function setActive(code: CodeRow, active: boolean) {
    setBusy(true);
    const result = await api.patch<{ code: CodeRow }>(`/api/v1/organiser/redeem-codes/${code.id}`, { active });
    setBusy(false);
    setConfirming(null);
    if (!result.ok) return;
    setCodes((list) => list?.map((c) => (c.id === code.id ? result.data.code : c)) ?? null);
    notify.success({ title: t(active ? 'activated' : 'deactivated', { code: code.code }) });
    onChanged();
  }

  const listId = `codes-${batch.id}`;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <button type="button" disabled={!hydrated} aria-expanded={open} aria-controls={listId} onClick={toggle} className={`${button} border border-slate-300 bg-white hover:bg-slate-50`}>
          {open ? t('hideCodes') : t('showCodes')}
        </button>
        <a href={`/api/v1/organiser/redeem-codes.csv?batch=${batch.id}`} download className={`${button} inline-flex items-center bg-emerald-800 text-white hover:bg-emerald-700`}>
          {t('download')}
        </a>
        <a href={`/api/v1/organiser/redeem-codes.xlsx?batch=${batch.id}`} download className={`${button} inline-flex items-center border border-emerald-800 bg-white text-emerald-900 hover:bg-emerald-50`}>
          {t('downloadXlsx')}
        </a>
      </div>
      <div id={listId} hidden={!open}>
        {open && !codes && <p className="text-sm text-slate-700">{t('loading')}</p>}
        {codes && (
          <ul aria-label={t('codesLabel')} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {codes.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <div>
                  <span className="font-mono font-semibold">{c.code}</span>
                  <span className="ml-2 text-sm text-slate-700">
                    {c.usedAt ? t('usedBy', { date: formatDate(new Date(c.usedAt), locale, { dateStyle: 'medium', timeStyle: 'short' }), email: c.usedByEmail ?? '—' }) : t('unused')}
                    {' · '}
                    {c.active ? t('active') : t('inactive')}
                  </span>
                </div>
                {!c.usedAt &&
                  (c.active ? (
                    <button type="button" disabled={busy} onClick={() => setConfirming(c)} className={`${button} border border-red-300 bg-white text-red-800 hover:bg-red-50`}>
                      {t('deactivate')}
                    </button>
                  ) : (
                    <button type="button" disabled={busy} onClick={() => setActive(c, true)} className={`${button} border border-slate-300 bg-white hover:bg-slate-50`}>
                      {t('activate')}
                    </button>
                  ))}
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t('confirmTitle', { code: confirming.code }) : ''}
        confirmLabel={t('confirmYes')}
        cancelLabel={t('confirmNo')}
        pending={busy}
        onConfirm={() => confirming && setActive(confirming, false)}
        onCancel={() => setConfirming(null)}
      >
        {t('confirmText')}
      </ConfirmDialog>
    </div>
  );
}

/** Redeem codes: generate a batch for an event's price category, and every batch with its uses, CSV and codes. */
export function RedeemPanel({ batches, events }: { batches: RedeemBatch[]; events: CodesEventOption[] }) {
  const t = useTranslations('organiser.codes.redeem');
  const locale = useLocale();
  const router = useRouter();
  const hydrated = useHydrated();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const schemaResolver = zodResolver(redeemBatchCreateSchema);
  const resolver: Resolver<Values, unknown, z.output<typeof redeemBatchCreateSchema>> = (values, context, options) =>
    schemaResolver(bodyOf(values) as never, context, options as never) as never;
  const form = useForm<Values, unknown, z.output<typeof redeemBatchCreateSchema>>({ resolver, defaultValues: empty });
  const { errors, isSubmitting } = form.formState;
  const eventId = useWatch({ control: form.control, name: 'eventId' });
  const categories = events.find((e) => e.id === eventId)?.categories ?? [];
  const refresh = () => startTransition(() => router.refresh());

  const generate = form.handleSubmit(async (body) => {
    setFormError(null);
    const result = await api.post<{ batch: RedeemBatch; codes: string[] }>('/api/v1/organiser/redeem-codes', body, { toast: FORM_STATUSES });
    if (!result.ok) return setFormError(applyServerErrors(result.status, result.error, form.setError, FIELDS));
    notify.success({ title: t('generated', { count: result.data.codes.length }) });
    form.reset(empty);
    refresh();
  });

  const date = (iso: string) => formatDate(new Date(iso), locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <TitledSection id="redeem-title" title={t('title')} className="space-y-4">
      <p className="max-w-2xl text-slate-700">{t('intro')}</p>

      {events.length === 0 ? (
        <p className="text-slate-700">{t('noEvents')}</p>
      ) : (
        <form onSubmit={generate} noValidate className="max-w-2xl space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          <h3 className="text-lg font-semibold">{t('newTitle')}</h3>
          <FormAlert message={formError} />
          <SelectField label={t('event')} error={errors.eventId?.message} disabled={!hydrated} {...form.register('eventId', { onChange: () => form.setValue('categoryId', '') })}>
            <option value="">{t('chooseEvent')}</option>
            {events.map((e) => (
              <option key={e.id} value={e.id}>
                {e.title} · {formatDate(new Date(e.startsAt), locale, { dateStyle: 'medium' })}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('category')} error={errors.categoryId?.message} disabled={!hydrated || !eventId} {...form.register('categoryId')}>
            <option value="">{t('chooseCategory')}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t('count')} inputMode="numeric" min={1} max={REDEEM_BATCH_MAX} error={errors.count?.message} {...form.register('count')} />
            <TextField label={t('expiresAt')} type="datetime-local" error={errors.expiresAt?.message} {...form.register('expiresAt')} />
          </div>
          <SubmitButton pending={isSubmitting || pending} pendingLabel={t('generating')} inline>
            {t('generate')}
          </SubmitButton>
        </form>
      )}

      {batches.length === 0 ? (
        <p className="text-slate-700">{t('empty')}</p>
      ) : (
        <ul className="space-y-3">
          {batches.map((b) => (
            <li key={b.id} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
              <p className="font-semibold">{t('batch', { event: b.eventTitle, category: b.categoryName })}</p>
              <p className="text-sm text-slate-700">
                {t('usedOf', { used: b.used, count: b.count })}
                {b.deactivated > 0 && ` · ${t('deactivatedCount', { count: b.deactivated })}`}
                {' · '}
                {b.expiresAt ? t('expires', { date: date(b.expiresAt) }) : t('noExpiry')}
                {' · '}
                {t('created', { date: date(b.createdAt) })}
              </p>
              <BatchCodes batch={b} onChanged={refresh} />
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}
