'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { formatMoney } from '@/components/events/format';
import { api } from '@/lib/client/api-client';
import { cartPointsSchema, type Cart } from '@/lib/schemas/cart';

/**
 * Paying part of the cart with the organiser's loyalty points (lib/server/cart/loyalty.ts): how many the
 * fan has, how many this cart can take, a field for how many to use. Shown only when the organiser takes
 * points and the fan has some.
 */
export function LoyaltyPointsForm({ path, cart, onCart }: { path: string; cart: Cart; onCart: (cart: Cart) => void }) {
  const t = useTranslations('cart.loyalty');
  const tv = useTranslations();
  const locale = useLocale();
  const loyalty = cart.loyalty;
  const id = useId();
  const [value, setValue] = useState(() => String(loyalty?.points || loyalty?.usable || ''));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!loyalty) return null;

  async function save(points: number | null) {
    setBusy(true);
    setError(null);
    const result = points === null ? await api.delete<Cart>(`${path}/loyalty`) : await api.put<Cart>(`${path}/loyalty`, { points }, { toast: [422] });
    setBusy(false);
    if (result.ok) {
      onCart(result.data);
      setValue(String(result.data.loyalty?.points || result.data.loyalty?.usable || ''));
    } else if (result.status === 422) {
      setError(result.error.errors[0]?.message ?? result.error.message);
    }
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = cartPointsSchema.safeParse({ points: Number(value.trim() || NaN) });
    if (!parsed.success) {
      setError(tv(parsed.error.issues[0].message as never));
      return;
    }
    void save(parsed.data.points);
  }

  const unit = formatMoney({ amount: 100, currency: cart.currency }, locale);
  const errorId = `${id}-error`;
  return (
    <form noValidate onSubmit={submit} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4" aria-labelledby={`${id}-title`} data-testid="cart-loyalty">
      <h2 id={`${id}-title`} className="font-semibold">
        {t('title')}
      </h2>
      <p className="text-sm text-slate-700">
        {t('balance', { points: loyalty.balance, rate: loyalty.rate, unit })} {t('usable', { points: loyalty.usable })}
      </p>
      {loyalty.usable > 0 && (
        <>
          <label htmlFor={`${id}-points`} className="block text-sm font-medium">
            {t('label')}
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id={`${id}-points`}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? errorId : undefined}
              className="w-32 min-w-0 rounded-lg border border-slate-300 px-3 py-2 tabular-nums aria-[invalid=true]:border-red-600"
            />
            <button type="submit" disabled={busy} className="rounded-lg bg-slate-800 px-4 py-2 font-medium text-white disabled:opacity-50">
              {t('use')}
            </button>
          </div>
        </>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {loyalty.points > 0 && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="text-sm text-emerald-800" role="status">
            {t('applied', { amount: formatMoney(loyalty.amount, locale), points: loyalty.points })}
          </p>
          <button type="button" onClick={() => void save(null)} disabled={busy} className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm">
            {t('remove')}
          </button>
        </div>
      )}
    </form>
  );
}
