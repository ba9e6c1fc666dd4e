'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useEffect, useState, useTransition, type ComponentProps } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { applyServerErrors, FORM_STATUSES } from '@/components/auth/auth-helpers';
import { FormAlert, SubmitButton, TextField } from '@/components/auth/form-parts';
import { ConfirmDialog } from '@/components/profile/confirm-dialog';
import { useHydrated } from '@/components/ui/use-hydrated';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import { resalePolicySchema, type ResalePolicyInput } from '@/lib/schemas/organiser-codes';
import { amountInputText, bpsInputText, bpsOrNaN, moneyOrNaN } from '@/lib/money';

/** What the inputs hold: fees in %, the absolute cap in the currency's main unit, as typed. */
type Values = {
  transferEnabled: boolean;
  resaleEnabled: boolean;
  resaleCapPercent: string;
  resaleCapAmount: string;
  resaleWindowHours: string;
  resaleSellerFeeBps: string;
  resaleBuyerFeeBps: string;
  resaleOrganiserSharePercent: string;
  freeTicketsResale: boolean;
};

const FIELDS = ['resaleCapPercent', 'resaleCapAmount', 'resaleWindowHours', 'resaleSellerFeeBps', 'resaleBuyerFeeBps', 'resaleOrganiserSharePercent'] as const;

function numberOf(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? null : Number(trimmed);
}

/** The typed values → the API's policy (minor units, basis points); zod judges the result. */
function policyOf(v: Values): Record<keyof ResalePolicyInput, unknown> {
  // Blank is "not set" (null); anything else is the money module's reading of it (NaN when no number).
  const typed = <T,>(text: string, read: (text: string) => T) => (text.trim() === '' ? null : read(text));
  return {
    transferEnabled: v.transferEnabled,
    resaleEnabled: v.resaleEnabled,
    resaleCapPercent: numberOf(v.resaleCapPercent),
    resaleCapAmount: typed(v.resaleCapAmount, moneyOrNaN),
    resaleWindowHours: numberOf(v.resaleWindowHours),
    resaleSellerFeeBps: typed(v.resaleSellerFeeBps, bpsOrNaN),
    resaleBuyerFeeBps: typed(v.resaleBuyerFeeBps, bpsOrNaN),
    resaleOrganiserSharePercent: numberOf(v.resaleOrganiserSharePercent),
    freeTicketsResale: v.freeTicketsResale,
  };
}

function valuesOf(p: ResalePolicyInput): Values {
  return {
    transferEnabled: p.transferEnabled,
    resaleEnabled: p.resaleEnabled,
    resaleCapPercent: p.resaleCapPercent == null ? '' : String(p.resaleCapPercent),
    resaleCapAmount: p.resaleCapAmount == null ? '' : amountInputText(p.resaleCapAmount),
    resaleWindowHours: String(p.resaleWindowHours),
    resaleSellerFeeBps: bpsInputText(p.resaleSellerFeeBps),
    resaleBuyerFeeBps: bpsInputText(p.resaleBuyerFeeBps),
    resaleOrganiserSharePercent: String(p.resaleOrganiserSharePercent),
    freeTicketsResale: p.freeTicketsResale,
  };
}

const schemaResolver = zodResolver(resalePolicySchema);
const resolver: Resolver<Values, unknown, ResalePolicyInput> = (values, context, options) =>
  schemaResolver(policyOf(values) as never, context, options as never) as never;

type Target = { kind: 'event'; eventId: string } | { kind: 'organisation'; orgId: string };

/** A labelled checkbox with a 44 px tap target (React 19: `ref` arrives as a prop). */
export function Toggle({ label, ...props }: { label: string } & ComponentProps<'input'>) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-base">
      <input type="checkbox" className="h-5 w-5 rounded border-slate-400 text-emerald-800 focus:ring-emerald-700" {...props} />
      <span>{label}</span>
    </label>
  );
}

/**
 * The resale and gifting rules of one event (saved with PUT …/resale-policy; before saving it shows how
 * many live listings the change would withdraw, and asks when any would) or an organisation's defaults
 * for new events (PATCH …/settings).
 */
export function ResalePolicyForm({ target, initial, currency }: { target: Target; initial: ResalePolicyInput; currency: 'EUR' | 'CZK' }) {
  const t = useTranslations('organiser.resale');
  const tSettings = useTranslations('organiser.settings');
  const router = useRouter();
  const hydrated = useHydrated();
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<ResalePolicyInput | null>(null);
  const [preview, setPreview] = useState<{ activeListings: number; withdraw: number } | null>(null);
  const [checking, setChecking] = useState(false);
  const [pending, startTransition] = useTransition();
  const form = useForm<Values, unknown, ResalePolicyInput>({ resolver, defaultValues: valuesOf(initial) });
  const { errors, isSubmitting } = form.formState;
  const watched = useWatch({ control: form.control });
  const resaleOn = watched.resaleEnabled ?? initial.resaleEnabled;

  // The event's form tells, as the organiser types, how many listings saving would take off sale.
  useEffect(() => {
    if (target.kind !== 'event' || !hydrated) return;
    const parsed = resalePolicySchema.safeParse(policyOf({ ...valuesOf(initial), ...watched } as Values));
    if (!parsed.success) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setChecking(true);
      const result = await api.post<{ activeListings: number; withdraw: number }>(`/api/v1/organiser/events/${target.eventId}/resale-policy/preview`, parsed.data, {
        toast: false,
        signal: controller.signal,
      });
      if (!controller.signal.aborted) {
        setChecking(false);
        if (result.ok) setPreview(result.data);
      }
    }, 350);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [JSON.stringify(watched), hydrated]);

  async function save(policy: ResalePolicyInput) {
    setFormError(null);
    setConfirming(null);
    if (target.kind === 'event') {
      const result = await api.put<{ withdrawn: number }>(`/api/v1/organiser/events/${target.eventId}/resale-policy`, policy, { toast: FORM_STATUSES });
      if (!result.ok) return setFormError(applyServerErrors(result.status, result.error, form.setError, FIELDS));
      notify.success({ title: result.data.withdrawn ? t('savedWithdrawn', { count: result.data.withdrawn }) : t('saved') });
    } else {
      const result = await api.patch(`/api/v1/organiser/organisations/${target.orgId}/settings`, { resaleDefaults: policy }, { toast: FORM_STATUSES });
      if (!result.ok) return setFormError(applyServerErrors(result.status, result.error, form.setError, FIELDS.map((f) => `resaleDefaults.${f}`)) ?? result.error.message);
      notify.success({ title: tSettings('defaultsSaved') });
    }
    form.reset(valuesOf(policy));
    startTransition(() => router.refresh());
  }

  const submit = form.handleSubmit(async (policy) => {
    if (target.kind === 'event') {
      // Ask the server, not the possibly stale preview: a listing may have appeared since.
      const check = await api.post<{ activeListings: number; withdraw: number }>(`/api/v1/organiser/events/${target.eventId}/resale-policy/preview`, policy, { toast: FORM_STATUSES });
      if (check.ok && check.data.withdraw > 0) {
        setPreview(check.data);
        return setConfirming(policy);
      }
    }
    await save(policy);
  });

  const busy = isSubmitting || pending;
  return (
    <form onSubmit={submit} noValidate className="max-w-2xl space-y-5 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <FormAlert message={formError} />
      <fieldset className="space-y-1">
        <Toggle label={t('form.transferEnabled')} disabled={!hydrated} {...form.register('transferEnabled')} />
        <Toggle label={t('form.resaleEnabled')} disabled={!hydrated} {...form.register('resaleEnabled')} />
        <Toggle label={t('freeTicketsResale')} disabled={!hydrated || !resaleOn} {...form.register('freeTicketsResale')} />
        <p className="text-sm text-slate-600">{t('freeTicketsHelp')}</p>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <TextField label={t('form.capPercent')} inputMode="numeric" error={errors.resaleCapPercent?.message} disabled={!hydrated || !resaleOn} {...form.register('resaleCapPercent')} />
          <p className="mt-1 text-sm text-slate-600">{t('form.capPercentHint')}</p>
        </div>
        <div>
          <TextField label={t('form.capAmount', { currency })} inputMode="decimal" error={errors.resaleCapAmount?.message} disabled={!hydrated || !resaleOn} {...form.register('resaleCapAmount')} />
          <p className="mt-1 text-sm text-slate-600">{t('form.capAmountHint')}</p>
        </div>
        <TextField label={t('form.windowHours')} inputMode="numeric" error={errors.resaleWindowHours?.message} disabled={!hydrated || !resaleOn} {...form.register('resaleWindowHours')} />
        <div className="hidden sm:block" />
        <TextField label={t('form.sellerFee')} inputMode="decimal" error={errors.resaleSellerFeeBps?.message} disabled={!hydrated || !resaleOn} {...form.register('resaleSellerFeeBps')} />
        <TextField label={t('form.buyerFee')} inputMode="decimal" error={errors.resaleBuyerFeeBps?.message} disabled={!hydrated || !resaleOn} {...form.register('resaleBuyerFeeBps')} />
        <div className="sm:col-span-2">
          <TextField
            label={t('form.sharePercent')}
            inputMode="numeric"
            error={errors.resaleOrganiserSharePercent?.message}
            disabled={!hydrated || !resaleOn}
            {...form.register('resaleOrganiserSharePercent')}
          />
          <p className="mt-1 text-sm text-slate-600">{t('form.sharePercentHint')}</p>
        </div>
      </div>
      {target.kind === 'event' && (
        <p role="status" aria-live="polite" className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-800">
          {checking && !preview
            ? t('preview.checking')
            : preview
              ? preview.withdraw
                ? t('preview.some', { withdraw: preview.withdraw, active: preview.activeListings })
                : t('preview.none')
              : null}
        </p>
      )}
      <SubmitButton pending={busy} pendingLabel={t('form.saving')} inline>
        {target.kind === 'event' ? t('form.save') : tSettings('defaultsSave')}
      </SubmitButton>
      <ConfirmDialog
        open={confirming !== null}
        title={t('confirm.title')}
        confirmLabel={t('confirm.yes')}
        cancelLabel={t('confirm.no')}
        pending={busy}
        onConfirm={() => confirming && save(confirming)}
        onCancel={() => setConfirming(null)}
      >
        {t('confirm.text', { count: preview?.withdraw ?? 0 })}
      </ConfirmDialog>
    </form>
  );
}
