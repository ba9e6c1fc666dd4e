'use client';

import { useTranslations } from 'next-intl';
import { itemLabel } from '@/components/cart/cart-view';
import type { Cart } from '@/lib/schemas/cart';
import { holderSchema, type CartHolders } from '@/lib/schemas/named-tickets';

export type HolderValues = Record<string, { name: string; dateOfBirth: string }>;
export type HolderErrors = Record<string, { name?: string; dateOfBirth?: string }>;

/** The holders the form starts with: what the fan gave earlier for this cart. */
export function initialHolders(holders: CartHolders['holders']): HolderValues {
  return Object.fromEntries(holders.filter((line) => line.named).map((line) => [line.itemId, { name: line.name ?? '', dateOfBirth: line.dateOfBirth ?? '' }]));
}

/** Checks each named line with the API's own schema; the message keys of what is wrong, per line. */
export function holderErrors(values: HolderValues): HolderErrors {
  const out: HolderErrors = {};
  for (const [itemId, value] of Object.entries(values)) {
    const parsed = holderSchema.safeParse(value);
    if (parsed.success) continue;
    const errors: { name?: string; dateOfBirth?: string } = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as 'name' | 'dateOfBirth';
      errors[field] ??= issue.message;
    }
    out[itemId] = errors;
  }
  return out;
}

/**
 * A risk match (Slovak act 1/2014): the name and date of birth of the holder of every named ticket in the
 * cart, as on their ID. Saved with the pay button (checkout-form.tsx); the gate checks the ID against it.
 */
export function HolderNames({
  cart,
  values,
  errors,
  onChange,
}: {
  cart: Cart;
  values: HolderValues;
  errors: HolderErrors;
  onChange: (itemId: string, field: 'name' | 'dateOfBirth', value: string) => void;
}) {
  const t = useTranslations('namedTickets');
  const tAll = useTranslations();
  const tc = useTranslations('cart');
  const lines = cart.items.filter((item) => values[item.id]);
  if (!lines.length) return null;
  const message = (key: string | undefined) => (key ? (tAll.has(key as never) ? tAll(key as never) : key) : null);
  return (
    <section aria-labelledby="checkout-holders" className="rounded-xl border border-amber-300 bg-amber-50 p-4" data-testid="holder-names">
      <h2 id="checkout-holders" className="text-lg font-semibold">
        {t('cart.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('cart.intro')}</p>
      <ol className="mt-3 space-y-4">
        {lines.map((item, index) => {
          const error = errors[item.id] ?? {};
          const nameId = `holder-${item.id}-name`;
          const birthId = `holder-${item.id}-birth`;
          return (
            <li key={item.id} className="rounded-lg border border-amber-200 bg-white p-3">
              <fieldset>
                <legend className="font-medium">
                  {t('cart.line', { number: index + 1 })} <span className="text-sm font-normal text-slate-600">· {item.ticketType.name} · {itemLabel(item, tc)}</span>
                </legend>
                <div className="mt-2 grid gap-3 sm:grid-cols-2">
                  <div>
                    <label htmlFor={nameId} className="block text-sm font-medium">
                      {t('cart.name')}
                    </label>
                    <input
                      id={nameId}
                      autoComplete="name"
                      value={values[item.id].name}
                      onChange={(e) => onChange(item.id, 'name', e.target.value)}
                      aria-invalid={Boolean(error.name)}
                      aria-describedby={error.name ? `${nameId}-error` : undefined}
                      className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
                    />
                    {error.name && (
                      <p id={`${nameId}-error`} role="alert" className="mt-1 text-sm text-red-700">
                        {message(error.name)}
                      </p>
                    )}
                  </div>
                  <div>
                    <label htmlFor={birthId} className="block text-sm font-medium">
                      {t('cart.dateOfBirth')}
                    </label>
                    <input
                      id={birthId}
                      type="date"
                      autoComplete="bday"
                      value={values[item.id].dateOfBirth}
                      onChange={(e) => onChange(item.id, 'dateOfBirth', e.target.value)}
                      aria-invalid={Boolean(error.dateOfBirth)}
                      aria-describedby={error.dateOfBirth ? `${birthId}-error` : undefined}
                      className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
                    />
                    {error.dateOfBirth && (
                      <p id={`${birthId}-error`} role="alert" className="mt-1 text-sm text-red-700">
                        {message(error.dateOfBirth)}
                      </p>
                    )}
                  </div>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
