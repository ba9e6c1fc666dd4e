'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { formatMoney } from '@/components/events/format';
import { api, apiQuery } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import type { CartConcessionLine, CartConcessions, ConcessionKind } from '@/lib/schemas/concessions';
import { queryKeys } from '@/lib/client/query-keys';

/** The concessions of the cart's lines (GET …/cart/concessions), read again whenever the cart's lines change. */
export function useCartConcessions(eventId: string, itemIds: string[]) {
  const query = useQuery({
    queryKey: queryKeys.cartConcessions(eventId, itemIds),
    queryFn: apiQuery<CartConcessions>(`/api/v1/events/${encodeURIComponent(eventId)}/cart/concessions`, { toast: false }),
    enabled: itemIds.length > 0,
    staleTime: 15_000,
  });
  return new Map((query.data?.lines ?? []).map((line) => [line.itemId, line]));
}

/**
 * One cart line's concession: a select of full price and what the line's category offers, each with its
 * price (a wheelchair place only ZŤP / ZŤP-S); a ZŤP-S holder's free companion line says so. The cart's
 * total is the server's: the cart is read again after a change.
 */
export function LineConcession({ eventId, line, ticketLabel }: { eventId: string; line: CartConcessionLine | undefined; ticketLabel: string }) {
  const t = useTranslations('concessions');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const id = useId();
  const [busy, setBusy] = useState(false);
  if (!line) return null;
  if (line.concession === 'companion') {
    return (
      <p className="mt-1 text-sm font-medium text-emerald-900" data-testid="companion-line">
        {t('cart.companionLine')}
      </p>
    );
  }
  if (!line.options.length) return null;

  async function pick(value: string) {
    setBusy(true);
    const result = await api.put<CartConcessions>(
      `/api/v1/events/${encodeURIComponent(eventId)}/cart/concessions`,
      { itemId: line!.itemId, concession: value === '' ? null : (value as ConcessionKind) },
    );
    setBusy(false);
    // A refusal (no seat next to it for the companion…) is the api client's toast, in the page's language.
    if (result.ok) notify.success({ title: t('cart.saved') });
    // The line's price, the companion line and the total: the cart answers them.
    await queryClient.invalidateQueries({ queryKey: queryKeys.cart(eventId) });
  }

  const money = (m: { amount: number; currency: 'EUR' | 'CZK' }) => formatMoney(m, locale);
  return (
    <div className="mt-2 w-full" data-testid="line-concession">
      {line.wheelchair && <p className="text-sm font-medium text-sky-900">♿ {t('cart.wheelchairLine')}</p>}
      <label htmlFor={`${id}-concession`} className="sr-only">
        {t('cart.pickLabel', { ticket: ticketLabel })}
      </label>
      {/* A select is as wide as its longest option unless told otherwise: full width keeps a 390 px phone unscrolled. */}
      <div className="flex max-w-md items-center gap-2">
        <span aria-hidden="true" className="shrink-0 text-sm text-slate-700">
          {t('cart.pick')}
        </span>
        <select
          id={`${id}-concession`}
          value={line.concession ?? ''}
          disabled={busy}
          onChange={(event) => void pick(event.target.value)}
          className="w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm disabled:opacity-60"
        >
          {!line.wheelchair && <option value="">{t('cart.fullPrice', { price: money(line.fullPrice) })}</option>}
          {line.options.map((option) => (
            <option key={option.kind} value={option.kind}>
              {t(option.companion ? 'cart.optionCompanion' : 'cart.option', { name: t(`kinds.${option.kind}`), price: money(option.price) })}
            </option>
          ))}
        </select>
      </div>
      {line.concession && <p className="mt-1 text-sm text-slate-700">{t('cart.cardNote')}</p>}
    </div>
  );
}
