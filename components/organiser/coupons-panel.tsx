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
import { couponCreateSchema, type CouponStatus, type couponSchema } from '@/lib/schemas/organiser-codes';
import { instantToLocal, localToInstant } from '@/lib/organiser/zoned-time';
import { formatDate } from '@/lib/i18n/formats';
import { formatMoney, moneyOrNaN } from '@/lib/money';
import { TitledSection } from '@/components/ui/titled-section';

export type Coupon = z.infer<typeof couponSchema>;
export type CodesEventOption = { id: string; title: string; startsAt: string; currency: 'EUR' | 'CZK'; categories: { id: string; code: string; name: string }[] };

type Values = {
  code: string;
  kind: 'percent' | 'fixed';
  value: string;
  currency: 'EUR' | 'CZK';
  eventId: string;
  ticketTypeCodes: string[];
  validFrom: string;
  validUntil: string;
  maxUses: string;
  maxUsesPerUser: string;
};

const FIELDS = ['code', 'kind', 'value', 'currency', 'eventId', 'ticketTypeCodes', 'validFrom', 'validUntil', 'maxUses', 'maxUsesPerUser'] as const;

const numberOf = (text: string) => (text.trim() === '' ? null : Number(text.trim().replace(',', '.')));
/** A datetime-local value (the browser's time) → ISO 8601 with offset; empty → null. */
const instantOf = (text: string) => (text ? new Date(text).toISOString() : null);

function bodyOf(orgId: string, v: Values) {
  const value = v.kind === 'fixed' && v.value.trim() !== '' ? moneyOrNaN(v.value) : numberOf(v.value);
  return {
    organisation: orgId,
    code: v.code,
    kind: v.kind,
    // A fixed amount is typed in the currency's main unit (the money module reads it); the API takes minor units.
    value,
    currency: v.kind === 'fixed' ? v.currency : null,
    eventId: v.eventId || null,
    ticketTypeCodes: v.eventId && v.ticketTypeCodes.length ? v.ticketTypeCodes : null,
    validFrom: instantOf(v.validFrom),
    validUntil: instantOf(v.validUntil),
    maxUses: numberOf(v.maxUses),
    maxUsesPerUser: numberOf(v.maxUsesPerUser),
  };
}

/** The look of each status: green only for a coupon a fan can use now. */
const STATUS_LOOK: Record<CouponStatus, string> = {
  active: 'bg-emerald-100 text-emerald-900',
  scheduled: 'bg-sky-100 text-sky-900',
  expired: 'bg-amber-100 text-amber-900',
  'used-up': 'bg-amber-100 text-amber-900',
  inactive: 'bg-slate-200 text-slate-800',
};

type Limits = { validFrom: string; validUntil: string; maxUses: string; maxUsesPerUser: string };
const LIMIT_FIELDS = ['validFrom', 'validUntil', 'maxUses', 'maxUsesPerUser'] as const;

/** A coupon's validity window and limits, edited in place (PATCH); times in the organiser's local time. */
function CouponEditor({ coupon, onDone }: { coupon: Coupon; onDone: () => void }) {
  const t = useTranslations('organiser.codes.coupons');
  const form = useForm<Limits>({
    defaultValues: {
      validFrom: instantToLocal(coupon.validFrom),
      validUntil: instantToLocal(coupon.validUntil),
      maxUses: coupon.maxUses?.toString() ?? '',
      maxUsesPerUser: coupon.maxUsesPerUser?.toString() ?? '',
    },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const save = form.handleSubmit(async (v) => {
    setFormError(null);
    const body = { validFrom: localToInstant(v.validFrom) ?? null, validUntil: localToInstant(v.validUntil) ?? null, maxUses: numberOf(v.maxUses), maxUsesPerUser: numberOf(v.maxUsesPerUser) };
    const result = await api.patch<{ coupon: Coupon }>(`/api/v1/organiser/coupons/${coupon.id}`, body, { toast: FORM_STATUSES });
    if (!result.ok) return setFormError(applyServerErrors(result.status, result.error, form.setError, LIMIT_FIELDS));
    notify.success({ title: t('saved', { code: coupon.code }) });
    onDone();
  });
  return (
    <form id={`coupon-edit-${coupon.id}`} onSubmit={save} noValidate aria-label={t('editTitle', { code: coupon.code })} className="w-full space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <FormAlert message={formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('validFrom')} type="datetime-local" error={errors.validFrom?.message} {...form.register('validFrom')} />
        <TextField label={t('validUntil')} type="datetime-local" error={errors.validUntil?.message} {...form.register('validUntil')} />
        <TextField label={t('maxUses')} inputMode="numeric" error={errors.maxUses?.message} {...form.register('maxUses')} />
        <TextField label={t('maxUsesPerUser')} inputMode="numeric" error={errors.maxUsesPerUser?.message} {...form.register('maxUsesPerUser')} />
      </div>
      <p className="text-sm text-slate-600">{t('noLimitHint')}</p>
      <SubmitButton pending={isSubmitting} pendingLabel={t('saving')} inline>
        {t('save')}
      </SubmitButton>
    </form>
  );
}

const empty: Values = { code: '', kind: 'percent', value: '', currency: 'EUR', eventId: '', ticketTypeCodes: [], validFrom: '', validUntil: '', maxUses: '', maxUsesPerUser: '' };

/** The organisation's coupons: a form to create one, and each coupon with its uses and a deactivate/activate button. */
export function CouponsPanel({ orgId, coupons, events }: { orgId: string; coupons: Coupon[]; events: CodesEventOption[] }) {
  const t = useTranslations('organiser.codes.coupons');
  const locale = useLocale();
  const router = useRouter();
  const hydrated = useHydrated();
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Coupon | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const schemaResolver = zodResolver(couponCreateSchema);
  const resolver: Resolver<Values, unknown, z.output<typeof couponCreateSchema>> = (values, context, options) =>
    schemaResolver(bodyOf(orgId, values) as never, context, options as never) as never;
  const form = useForm<Values, unknown, z.output<typeof couponCreateSchema>>({ resolver, defaultValues: empty });
  const { errors, isSubmitting } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const eventId = useWatch({ control: form.control, name: 'eventId' });
  const chosenEvent = events.find((e) => e.id === eventId);

  /** Another event: its categories start unchosen, and a fixed amount is in its currency. */
  function onEventChange(event: { target: { value: string } }) {
    form.setValue('ticketTypeCodes', []);
    const chosen = events.find((e) => e.id === event.target.value);
    if (chosen) form.setValue('currency', chosen.currency);
  }

  const create = form.handleSubmit(async (body) => {
    setFormError(null);
    const result = await api.post<{ coupon: Coupon }>('/api/v1/organiser/coupons', body, { toast: FORM_STATUSES });
    if (!result.ok) return setFormError(applyServerErrors(result.status, result.error, form.setError, FIELDS));
    notify.success({ title: t('created', { code: result.data.coupon.code }) });
    form.reset(empty);
    startTransition(() => router.refresh());
  });

  async function setActive(coupon: Coupon, active: boolean) {
    const result = await api.patch(`/api/v1/organiser/coupons/${coupon.id}`, { active });
    setConfirming(null);
    if (!result.ok) return;
    notify.success({ title: t(active ? 'activated' : 'deactivated', { code: coupon.code }) });
    startTransition(() => router.refresh());
  }

  const date = (iso: string) => formatDate(new Date(iso), locale, { dateStyle: 'medium', timeStyle: 'short' });
  const discount = (c: Coupon) => (c.kind === 'percent' ? `${c.value} %` : formatMoney({ amount: c.value, currency: c.currency ?? 'EUR' }, locale));
  const button = 'min-h-11 rounded-lg px-4 py-2 text-sm font-medium disabled:opacity-60';

  return (
    <TitledSection id="coupons-title" title={t('title')} className="space-y-4">
      <p className="max-w-2xl text-slate-700">{t('intro')}</p>

      {coupons.length === 0 ? (
        <p className="text-slate-700">{t('empty')}</p>
      ) : (
        <ul aria-label={t('tableLabel')} className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {coupons.map((c) => (
            <li key={c.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-mono text-lg font-semibold">{c.code}</span>
                  <span className="font-medium">−{discount(c)}</span>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_LOOK[c.status]}`} data-testid="coupon-status">
                    {t(`statuses.${c.status}`)}
                  </span>
                </p>
                <p className="text-sm text-slate-700">
                  {c.eventTitle ?? t('allEvents')}
                  {c.ticketTypeCodes?.length ? ` · ${c.ticketTypeCodes.join(', ')}` : c.eventTitle ? ` · ${t('allCategories')}` : ''}
                </p>
                <p className="text-sm text-slate-700">
                  {c.maxUses != null ? t('usesOf', { used: c.usedCount, max: c.maxUses }) : t('uses', { used: c.usedCount })}
                  {c.maxUsesPerUser != null && ` · ${t('perUser', { max: c.maxUsesPerUser })}`}
                  {c.validFrom && c.validUntil
                    ? ` · ${t('window', { from: date(c.validFrom), until: date(c.validUntil) })}`
                    : c.validFrom
                      ? ` · ${t('from', { from: date(c.validFrom) })}`
                      : c.validUntil
                        ? ` · ${t('until', { until: date(c.validUntil) })}`
                        : ''}
                </p>
                {c.redemptions.length > 0 && (
                  <details className="text-sm">
                    <summary className="min-h-11 cursor-pointer py-2 text-emerald-800">{t('redemptions')}</summary>
                    <ul className="space-y-1 text-slate-700">
                      {c.redemptions.map((r) => (
                        <li key={`${r.at}-${r.email}`}>
                          {date(r.at)} · {r.email ?? '—'}
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
              </div>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  disabled={!hydrated || pending}
                  aria-expanded={editing === c.id}
                  aria-controls={`coupon-edit-${c.id}`}
                  onClick={() => setEditing(editing === c.id ? null : c.id)}
                  className={`${button} border border-slate-300 bg-white hover:bg-slate-50`}
                >
                  {t('edit')}
                </button>
                {c.active ? (
                  <button type="button" disabled={!hydrated || pending} onClick={() => setConfirming(c)} className={`${button} border border-red-300 bg-white text-red-800 hover:bg-red-50`}>
                    {t('deactivate')}
                  </button>
                ) : (
                  <button type="button" disabled={!hydrated || pending} onClick={() => setActive(c, true)} className={`${button} border border-slate-300 bg-white hover:bg-slate-50`}>
                    {t('activate')}
                  </button>
                )}
              </div>
              {editing === c.id && (
                <CouponEditor
                  coupon={c}
                  onDone={() => {
                    setEditing(null);
                    startTransition(() => router.refresh());
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}

      <form onSubmit={create} noValidate className="max-w-2xl space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <h3 className="text-lg font-semibold">{t('newTitle')}</h3>
        <FormAlert message={formError} />
        <div>
          <TextField label={t('code')} autoCapitalize="characters" autoComplete="off" error={errors.code?.message} {...form.register('code')} />
          <p className="mt-1 text-sm text-slate-600">{t('codeHint')}</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField label={t('kind')} error={errors.kind?.message} disabled={!hydrated} {...form.register('kind')}>
            <option value="percent">{t('kinds.percent')}</option>
            <option value="fixed">{t('kinds.fixed')}</option>
          </SelectField>
          <TextField label={kind === 'fixed' ? t('amount') : t('percent')} inputMode="decimal" error={errors.value?.message} {...form.register('value')} />
          {kind === 'fixed' && (
            <SelectField label={t('currency')} error={errors.currency?.message} {...form.register('currency')}>
              <option value="EUR">EUR</option>
              <option value="CZK">CZK</option>
            </SelectField>
          )}
        </div>
        <SelectField label={t('scope')} error={errors.eventId?.message} disabled={!hydrated} {...form.register('eventId', { onChange: onEventChange })}>
          <option value="">{t('scopeOrg')}</option>
          {events.map((e) => (
            <option key={e.id} value={e.id}>
              {e.title} · {formatDate(new Date(e.startsAt), locale, { dateStyle: 'medium' })}
            </option>
          ))}
        </SelectField>
        {chosenEvent && chosenEvent.categories.length > 0 && (
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-slate-800">{t('categories')}</legend>
            {chosenEvent.categories.map((category) => (
              <label key={category.id} className="flex min-h-11 items-center gap-3">
                <input type="checkbox" value={category.code} className="h-5 w-5 rounded border-slate-400" {...form.register('ticketTypeCodes')} />
                <span>
                  {category.name} ({category.code})
                </span>
              </label>
            ))}
            <p className="text-sm text-slate-600">{t('categoriesHint')}</p>
            {errors.ticketTypeCodes?.message && (
              <p role="alert" className="text-sm text-red-700">
                {errors.ticketTypeCodes.message}
              </p>
            )}
          </fieldset>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('validFrom')} type="datetime-local" error={errors.validFrom?.message} {...form.register('validFrom')} />
          <TextField label={t('validUntil')} type="datetime-local" error={errors.validUntil?.message} {...form.register('validUntil')} />
          <TextField label={t('maxUses')} inputMode="numeric" error={errors.maxUses?.message} {...form.register('maxUses')} />
          <TextField label={t('maxUsesPerUser')} inputMode="numeric" error={errors.maxUsesPerUser?.message} {...form.register('maxUsesPerUser')} />
        </div>
        <p className="text-sm text-slate-600">{t('noLimitHint')}</p>
        <SubmitButton pending={isSubmitting || pending} pendingLabel={t('creating')} inline>
          {t('create')}
        </SubmitButton>
      </form>

      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t('confirmTitle', { code: confirming.code }) : ''}
        confirmLabel={t('confirmYes')}
        cancelLabel={t('confirmNo')}
        pending={pending}
        onConfirm={() => confirming && setActive(confirming, false)}
        onCancel={() => setConfirming(null)}
      >
        {t('confirmText')}
      </ConfirmDialog>
    </TitledSection>
  );
}
