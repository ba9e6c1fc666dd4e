'use client';

import { PackageTickets } from '@/components/packages/package-line';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CartTotals, itemLabel } from '@/components/cart/cart-view';
import { formatClock, useCountdown } from '@/components/cart/countdown';
import type { Cart } from '@/lib/schemas/cart';
import { formatMoney } from '@/components/events/format';
import { api } from '@/lib/client/api-client';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { checkoutSchema } from '@/lib/schemas/cart';
import { ResaleConcession } from '@/components/concessions/resale-concession';
import type { CartHolders } from '@/lib/schemas/named-tickets';
import { HolderNames, holderErrors, initialHolders, type HolderErrors, type HolderValues } from './holder-names';
import { CompanyFields } from '@/components/documents/company-fields';

type Values = z.input<typeof checkoutSchema>;

/** Summary, buyer, terms and the pay button: creates the order and goes to the payment provider. */
export function CheckoutForm({
  eventId,
  cart,
  buyer,
  holders = [],
}: {
  eventId: string;
  cart: Cart;
  buyer: { name: string; email: string };
  /** A risk match: the lines to name before paying (named-tickets). */
  holders?: CartHolders['holders'];
}) {
  const t = useTranslations();
  const tc = useTranslations('cart');
  const locale = useLocale();
  const router = useRouter();
  const [receivedAt] = useState(() => Date.now());
  const left = useCountdown(cart.timeLeft, receivedAt, () => router.push({ pathname: '/events/[id]/cart', params: { id: eventId } }));
  const [redirecting, setRedirecting] = useState(false);
  /** Credit, points or a coupon cover the whole total: no payment, the order is paid on submit. */
  const free = cart.total.amount === 0;
  const [holderValues, setHolderValues] = useState<HolderValues>(() => initialHolders(holders));
  const [holderProblems, setHolderProblems] = useState<HolderErrors>({});
  const changeHolder = (itemId: string, field: 'name' | 'dateOfBirth', value: string) =>
    setHolderValues((current) => ({ ...current, [itemId]: { ...current[itemId], [field]: value } }));
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof checkoutSchema>>({
    resolver: zodResolver(checkoutSchema),
    defaultValues: { acceptTerms: false as unknown as true },
    // The company's fields count only while shown ("buying for a company"): hidden, they are no part of the order.
    shouldUnregister: true,
  });
  const [forCompany, setForCompany] = useState(false);

  const onSubmit = handleSubmit(async (values) => {
    // Named tickets first: checkout refuses a cart whose named lines have no holder (HOLDER_NAMES_MISSING).
    if (Object.keys(holderValues).length) {
      const problems = holderErrors(holderValues);
      setHolderProblems(problems);
      if (Object.keys(problems).length) return;
      const saved = await api.put(`/api/v1/events/${encodeURIComponent(eventId)}/cart/holders`, {
        holders: Object.entries(holderValues).map(([itemId, value]) => ({ itemId, ...value })),
      });
      if (!saved.ok) return;
    }
    // Nothing to pay: checkout completes the order and paymentUrl is the order's page.
    const result = await api.post<{ orderId: string; paymentUrl: string; paid: boolean }>(`/api/v1/events/${encodeURIComponent(eventId)}/checkout`, values);
    if (result.ok) {
      setRedirecting(true);
      window.location.assign(result.data.paymentUrl);
    } else if (result.status === 409 || result.status === 422) {
      router.push({ pathname: '/events/[id]/cart', params: { id: eventId } });
    }
  });
  const termsError = errors.acceptTerms?.message;

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-6">
      <p className="rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950" data-testid="checkout-timer">
        {t('checkout.timeLeft', { time: formatClock(left) })}
      </p>
      <section aria-labelledby="checkout-summary" className="rounded-xl border border-slate-200 bg-white">
        <h2 id="checkout-summary" className="border-b border-slate-200 px-4 py-3 text-lg font-semibold">
          {t('checkout.summary')}
        </h2>
        <ul className="divide-y divide-slate-200">
          {cart.items.map((item) => (
            <li key={item.id} className="flex justify-between gap-3 px-4 py-3">
              <span>
                {item.ticketType.name} {item.package ? <PackageTickets pkg={item.package} /> : <span className="text-sm text-slate-600">· {itemLabel(item, tc)}</span>}
                {item.kind === 'resale' && <ResaleConcession concession={item.concession} />}
              </span>
              <span className="tabular-nums">{formatMoney(item.price, locale)}</span>
            </li>
          ))}
        </ul>
      </section>
      <CartTotals cart={cart} />
      <HolderNames cart={cart} values={holderValues} errors={holderProblems} onChange={changeHolder} />
      <section aria-labelledby="checkout-buyer" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="checkout-buyer" className="text-lg font-semibold">
          {t('checkout.buyer')}
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-slate-600">{t('checkout.name')}</dt>
          <dd className="min-w-0 break-words">{buyer.name}</dd>
          <dt className="text-slate-600">{t('checkout.email')}</dt>
          {/* An address has no spaces to wrap at: it breaks anywhere rather than push the page sideways. */}
          <dd className="min-w-0 break-all">{buyer.email}</dd>
        </dl>
        <label className="mt-4 flex items-start gap-3">
          <input type="checkbox" className="mt-1 size-5" checked={forCompany} onChange={(e) => setForCompany(e.target.checked)} data-testid="checkout-for-company" />
          <span>{t('documents.ui.checkout.toggle')}</span>
        </label>
        {forCompany && <CompanyFields register={register} errors={errors.billing} />}
      </section>
      <div>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 size-5"
            aria-invalid={Boolean(termsError)}
            aria-describedby={termsError ? 'terms-error' : undefined}
            {...register('acceptTerms')}
          />
          <span>
            {t.rich('checkout.acceptTerms', {
              link: (chunks) => (
                <Link href="/terms" target="_blank" className="text-emerald-800 underline">
                  {chunks}
                </Link>
              ),
            })}
          </span>
        </label>
        {termsError && (
          <p id="terms-error" role="alert" className="mt-1 text-sm text-red-700">
            {t.has(termsError as never) ? t(termsError as never) : termsError}
          </p>
        )}
      </div>
      {free && (
        <p className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-slate-800" data-testid="checkout-nothing-to-pay">
          {t('checkout.nothingToPay')}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Link href={{ pathname: '/events/[id]/cart', params: { id: eventId } }} className="rounded-lg border border-slate-300 px-5 py-3 font-medium">
          {t('checkout.backToCart')}
        </Link>
        <button type="submit" disabled={isSubmitting || redirecting} className="rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white disabled:opacity-60">
          {free
            ? isSubmitting || redirecting
              ? t('checkout.confirming')
              : t('checkout.free')
            : isSubmitting || redirecting
              ? t('checkout.paying')
              : t('checkout.pay', { total: formatMoney(cart.total, locale) })}
        </button>
      </div>
    </form>
  );
}
