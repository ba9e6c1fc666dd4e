'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatMoney } from '@/components/events/format';
import { api, apiQuery } from '@/lib/client/api-client';
import { releaseFromCart } from '@/lib/client/cart';
import { queryKeys } from '@/lib/client/query-keys';
import { notify } from '@/lib/client/toast';
import { Link } from '@/lib/i18n/navigation';
import { couponSchema, type Cart, type CartItem, type CouponInput } from '@/lib/schemas/cart';
import { formatClock, useCountdown } from './countdown';
import { PackageTickets, packageSummary } from '@/components/packages/package-line';
import { LineConcession, useCartConcessions } from '@/components/concessions/line-concession';
import { ResaleConcession } from '@/components/concessions/resale-concession';
import { LoyaltyPointsForm } from './loyalty-points';

/** The cart of one event: held tickets with the countdown, coupon, totals; live until the time runs out. */
export function CartView({ eventId, initialCart, paymentNotice }: { eventId: string; initialCart: Cart; paymentNotice: 'declined' | 'cancelled' | null }) {
  const t = useTranslations('cart');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const path = `/api/v1/events/${encodeURIComponent(eventId)}/cart`;
  // The cart comes from the page's read or, after a hold, from what the hold answered (lib/client/cart.ts):
  // its time left counts from when the cache got it.
  const { data: cart, dataUpdatedAt: receivedAt } = useQuery({
    queryKey: queryKeys.cart(eventId),
    queryFn: apiQuery<Cart>(path),
    initialData: initialCart,
    staleTime: 15_000,
  });
  const [expiredNow, setExpiredNow] = useState(false);
  const left = useCountdown(cart.count ? cart.timeLeft : 0, receivedAt, () => {
    // Time is up: the tickets leave the cart (the server already treats them as free).
    setExpiredNow(true);
    queryClient.setQueryData<Cart>(queryKeys.cart(eventId), (old) =>
      old ? { ...old, items: [], count: 0, expired: true, timeLeft: 0, expiresAt: null, couponCode: null, subtotal: zero(old), discount: zero(old), fees: zero(old), loyalty: null, walletCredit: zero(old), total: zero(old) } : old,
    );
    // Ask the server a moment later (timeLeft is rounded up, so by now the hold has ended there too).
    setTimeout(() => void queryClient.invalidateQueries({ queryKey: queryKeys.cart(eventId) }), 2500);
  });
  const money = (m: Cart['total']) => formatMoney(m, locale);
  const update = (next: Cart) => queryClient.setQueryData(queryKeys.cart(eventId), next);

  const [removing, setRemoving] = useState<string | null>(null);
  async function remove(item: CartItem) {
    setRemoving(item.id);
    const result = await releaseFromCart(queryClient, eventId, item.id);
    setRemoving(null);
    if (result.ok) {
      notify.success({ title: t('removed') });
    } else if (result.status === 404) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.cart(eventId) });
    }
  }

  const showExpired = expiredNow || (cart.expired && !cart.count);
  // Concessions per line (lib/server/concessions): read again with every change of the cart's lines.
  const concessions = useCartConcessions(eventId, cart.items.map((item) => `${item.id}:${item.price.amount}`));

  return (
    <div className="space-y-6">
      {showExpired && (
        <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <h2 className="font-semibold">{t('expiredTitle')}</h2>
          <p className="mt-1">{t('expiredText')}</p>
        </div>
      )}
      {paymentNotice && cart.count > 0 && (
        <p role="status" className="rounded-xl border border-sky-300 bg-sky-50 p-4 text-sky-950">
          {paymentNotice === 'declined' ? t('paymentDeclined') : t('paymentCancelled')}
        </p>
      )}
      {cart.count === 0 ? (
        <div className="rounded-xl border border-slate-200 bg-white p-6">
          <p>{t('empty')}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link href={{ pathname: '/events/[id]', params: { id: eventId } }} className="rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white">
              {t('backToEvent')}
            </Link>
            <Link href="/events" className="rounded-lg border border-slate-300 px-5 py-3 font-medium">
              {t('browseEvents')}
            </Link>
          </div>
        </div>
      ) : (
        <>
          <div className="rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950" data-testid="cart-timer">
            <p className="flex flex-wrap items-baseline gap-x-3">
              <span className="text-sm font-medium">{t('timeLeft')}</span>
              <time className="font-mono text-2xl font-bold tabular-nums" dateTime={`PT${left}S`} data-testid="countdown">
                {formatClock(left)}
              </time>
            </p>
            <p className="mt-1">{t('timerAlert', { time: formatClock(left) })}</p>
          </div>
          {cart.status === 'ordered' && <p className="text-sm text-slate-700">{t('paymentPending')}</p>}
          <section aria-labelledby="cart-items" className="rounded-xl border border-slate-200 bg-white">
            <h2 id="cart-items" className="border-b border-slate-200 px-4 py-3 text-lg font-semibold">
              {t('ticketsHeading')}
            </h2>
            <ul className="divide-y divide-slate-200">
              {cart.items.map((item) => {
                const label = item.package ? packageSummary(item.package, t) : itemLabel(item, t);
                return (
                  <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="cart-item">
                    <div>
                      <p className="font-medium">{item.ticketType.name}</p>
                      {item.package ? (
                        <PackageTickets pkg={item.package} />
                      ) : (
                        <p className="text-sm text-slate-600" data-testid="cart-item-seat">
                          {label}
                          {item.kind === 'resale' && <span className="ml-2 rounded bg-violet-100 px-1.5 py-0.5 text-xs text-violet-900">{t('resale')}</span>}
                        </p>
                      )}
                      {item.kind === 'resale' && <ResaleConcession concession={item.concession} />}
                      <LineConcession eventId={eventId} line={concessions.get(item.id)} ticketLabel={`${item.ticketType.name}, ${label}`} />
                    </div>
                    <div className="flex items-center gap-4">
                      <span className="tabular-nums">{money(item.price)}</span>
                      <button
                        type="button"
                        onClick={() => void remove(item)}
                        disabled={removing === item.id}
                        aria-label={t('removeLabel', { ticket: `${item.ticketType.name}, ${label}` })}
                        className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-50"
                      >
                        {t('remove')}
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
          <CouponForm path={path} cart={cart} onCart={update} />
          <LoyaltyPointsForm key={cart.loyalty ? `${cart.loyalty.points}/${cart.loyalty.usable}` : 'none'} path={path} cart={cart} onCart={update} />
          <CartTotals cart={cart} />
          <div className="flex flex-wrap justify-end gap-3">
            <Link href={{ pathname: '/events/[id]', params: { id: eventId } }} className="rounded-lg border border-slate-300 px-5 py-3 font-medium">
              {t('backToEvent')}
            </Link>
            <Link href={{ pathname: '/events/[id]/checkout', params: { id: eventId } }} className="rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white">
              {t('toCheckout')}
            </Link>
          </div>
        </>
      )}
    </div>
  );
}

function zero(cart: Cart) {
  return { amount: 0, currency: cart.currency };
}

/** A cart line's place in words: "Opposite stand B2, row 10, seat 15", or a standing place. */
export function itemLabel(item: CartItem, t: (key: 'seatLine' | 'standing', values?: { section: string; row: string; seat: string }) => string): string {
  return item.seat ? t('seatLine', item.seat) : t('standing');
}

/** Number of tickets, subtotal, discount, fees and total, formatted in the page's language. */
export function CartTotals({ cart }: { cart: Pick<Cart, 'count' | 'subtotal' | 'discount' | 'fees' | 'walletCredit' | 'total' | 'couponCode'> & { loyalty?: Cart['loyalty'] } }) {
  const t = useTranslations('cart');
  const locale = useLocale();
  const money = (m: Cart['total']) => formatMoney(m, locale);
  return (
    <dl className="space-y-2 rounded-xl border border-slate-200 bg-white p-4" data-testid="cart-totals">
      <div className="flex justify-between">
        <dt>{t('count')}</dt>
        <dd className="tabular-nums" data-testid="cart-count">{cart.count}</dd>
      </div>
      <div className="flex justify-between">
        <dt>{t('subtotal')}</dt>
        <dd className="tabular-nums">{money(cart.subtotal)}</dd>
      </div>
      {cart.discount.amount > 0 && (
        <div className="flex justify-between text-emerald-800">
          <dt>
            {t('discount')}
            {cart.couponCode ? ` (${cart.couponCode})` : ''}
          </dt>
          <dd className="tabular-nums" data-testid="cart-discount">−{money(cart.discount)}</dd>
        </div>
      )}
      {cart.loyalty && cart.loyalty.points > 0 && (
        <div className="flex justify-between text-emerald-800">
          <dt>{t('loyalty.line', { points: cart.loyalty.points })}</dt>
          <dd className="tabular-nums" data-testid="cart-loyalty-amount">−{money(cart.loyalty.amount)}</dd>
        </div>
      )}
      <div className="flex justify-between">
        <dt>{t('fees')}</dt>
        <dd className="tabular-nums">{money(cart.fees)}</dd>
      </div>
      {cart.walletCredit.amount > 0 && (
        <div className="flex justify-between text-emerald-800">
          <dt>{t('walletCredit')}</dt>
          <dd className="tabular-nums" data-testid="cart-wallet-credit">−{money(cart.walletCredit)}</dd>
        </div>
      )}
      <div className="flex justify-between border-t border-slate-200 pt-2 text-lg font-bold">
        <dt>{t('total')}</dt>
        <dd className="tabular-nums" data-testid="cart-total">{money(cart.total)}</dd>
      </div>
    </dl>
  );
}

function CouponForm({ path, cart, onCart }: { path: string; cart: Cart; onCart: (cart: Cart) => void }) {
  const t = useTranslations();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CouponInput>({ resolver: zodResolver(couponSchema), defaultValues: { code: '' } });
  const onSubmit = handleSubmit(async (values) => {
    const result = await api.post<Cart>(`${path}/coupon`, values, { toast: [422] });
    if (result.ok) {
      onCart(result.data);
      reset({ code: '' });
      notify.success({ title: t('cart.couponApplied', { code: result.data.couponCode ?? values.code }) });
    } else if (result.status === 422) {
      setError('code', { message: result.error.errors[0]?.message ?? result.error.message });
    }
  });
  async function removeCoupon() {
    const result = await api.delete<Cart>(`${path}/coupon`);
    if (result.ok) onCart(result.data);
  }
  const message = errors.code?.message;
  const shown = message && /^[a-zA-Z]+\.[a-zA-Z.]+$/.test(message) && t.has(message as never) ? t(message as never) : message;
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="rounded-xl border border-slate-200 bg-white p-4" aria-label={t('cart.couponLabel')}>
      <label htmlFor="coupon-code" className="block text-sm font-medium">
        {t('cart.couponLabel')}
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id="coupon-code"
          autoComplete="off"
          aria-invalid={Boolean(shown)}
          aria-describedby={shown ? 'coupon-error' : undefined}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 uppercase aria-[invalid=true]:border-red-600"
          {...register('code')}
        />
        <button type="submit" disabled={isSubmitting} className="rounded-lg bg-slate-800 px-4 py-2 font-medium text-white disabled:opacity-50">
          {t('cart.couponApply')}
        </button>
      </div>
      {shown && (
        <p id="coupon-error" role="alert" className="mt-1 text-sm text-red-700">
          {shown}
        </p>
      )}
      {/* The applied code and its Remove button sit under the field, so the field keeps its width in every language. */}
      {cart.couponCode && (
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
          {!shown && <p className="text-sm text-emerald-800">{t('cart.couponApplied', { code: cart.couponCode })}</p>}
          <button type="button" onClick={() => void removeCoupon()} className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm">
            {t('cart.couponRemove')}
          </button>
        </div>
      )}
    </form>
  );
}
