'use client';

import { useTranslations } from 'next-intl';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import type { checkoutSchema } from '@/lib/schemas/cart';

type Values = z.input<typeof checkoutSchema>;
type Field = 'name' | 'ico' | 'dic' | 'vatId' | 'street' | 'city' | 'postcode';

/** The company a fan buys for, at checkout: its tax documents are issued in its name. Checked as typed (lib/schemas/documents.ts). */
export function CompanyFields({ register, errors }: { register: UseFormRegister<Values>; errors?: FieldErrors<NonNullable<Values['billing']>> }) {
  const t = useTranslations();
  const label = (field: Field | 'country') => t(`documents.ui.checkout.${field}` as never);
  const message = (field: Field | 'country') => {
    const key = errors?.[field]?.message;
    return key ? (t.has(key as never) ? t(key as never) : key) : null;
  };
  const input = (field: Field, options: { optional?: boolean; autoComplete?: string; inputMode?: 'numeric' } = {}) => {
    const error = message(field);
    const id = `billing-${field}`;
    return (
      <div key={field}>
        <label htmlFor={id} className="block text-sm font-medium">
          {label(field)}
          {options.optional && <span className="font-normal text-slate-600"> ({t('documents.ui.checkout.optional')})</span>}
        </label>
        <input
          id={id}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          autoComplete={options.autoComplete}
          inputMode={options.inputMode}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register(`billing.${field}`)}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };
  const countryError = message('country');
  return (
    <fieldset className="mt-4 space-y-3" data-testid="checkout-company">
      <legend className="font-medium">{t('documents.ui.checkout.legend')}</legend>
      {input('name', { autoComplete: 'organization' })}
      <div className="grid gap-3 sm:grid-cols-3">
        {input('ico', { inputMode: 'numeric' })}
        {input('dic', { optional: true })}
        {input('vatId', { optional: true })}
      </div>
      {input('street', { autoComplete: 'address-line1' })}
      <div className="grid gap-3 sm:grid-cols-3">
        {input('postcode', { autoComplete: 'postal-code' })}
        {input('city', { autoComplete: 'address-level2' })}
        <div>
          <label htmlFor="billing-country" className="block text-sm font-medium">
            {label('country')}
          </label>
          <select id="billing-country" className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2" aria-invalid={Boolean(countryError)} {...register('billing.country')}>
            <option value="SK">{t('documents.ui.checkout.SK')}</option>
            <option value="CZ">{t('documents.ui.checkout.CZ')}</option>
          </select>
        </div>
      </div>
    </fieldset>
  );
}
