'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { formatMoney } from '@/components/events/format';
import { signInHref } from '@/components/layout/return-here';
import { returnPathFrom } from '@/lib/auth/return-path';
import { api, apiQuery } from '@/lib/client/api-client';
import { useSession } from '@/lib/client/session';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import type { Cart } from '@/lib/schemas/cart';
import type { EventPackage } from '@/lib/schemas/packages';
import { useSeatSelection } from '@/components/seats/seat-selection';
import { queryKeys } from '@/lib/client/query-keys';


/**
 * The packages of an event page (GET /api/v1/events/{id}/packages): a family ticket, a festival pass,
 * a VIP add-on — several tickets at one price. "Add to cart" holds the whole package at once and opens
 * the cart, where it is one line. A seated package takes the seats the fan picked on the map (shared
 * through SeatSelectionProvider); when they do not fit it, the card says why and they stay picked. With
 * none picked, the server chooses the best free seats together.
 */
export function PackageOffers({ eventId, onSale }: { eventId: string; onSale: boolean }) {
  const t = useTranslations('packages.fan');
  const locale = useLocale();
  const headingId = useId();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { signedIn } = useSession();
  const [busy, setBusy] = useState<string | null>(null);
  const { selected, setSelected } = useSeatSelection();
  // Why a package was not added, for the seats picked then: picking again starts afresh.
  const [refusal, setRefusal] = useState<{ packageId: string; text: string; seats: ReadonlySet<string> } | null>(null);
  const { data } = useQuery({
    queryKey: queryKeys.packages(eventId),
    queryFn: apiQuery<{ packages: EventPackage[] }>(`/api/v1/events/${encodeURIComponent(eventId)}/packages`, { toast: false }),
    enabled: onSale,
    staleTime: 15_000,
  });
  const packages = data?.packages ?? [];
  if (!onSale || !packages.length) return null;

  async function add(pkg: EventPackage) {
    if (!signedIn) {
      router.push(signInHref(returnPathFrom(window.location.pathname, window.location.search)));
      return;
    }
    if (busy) return;
    setBusy(pkg.id);
    setRefusal(null);
    // A seated package takes the seats picked on the map; none picked: the best seats together (the server's choice).
    const seats = pkg.seated && selected.size ? selected : null;
    try {
      const result = await api.post<Cart>(
        `/api/v1/events/${encodeURIComponent(eventId)}/cart/packages`,
        seats ? { packageId: pkg.id, seatIds: [...seats] } : { packageId: pkg.id },
        { toast: seats ? [409, 422] : [422] },
      );
      if (!result.ok) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.packages(eventId) });
        if (result.status === 409) void queryClient.invalidateQueries({ queryKey: queryKeys.availability(eventId) });
        if (result.status === 422 || (seats && result.status === 409)) {
          // Said in the package's card (and announced); nothing was held and the picked seats stay picked.
          const taken = result.error.code === 'SEAT_TAKEN' ? result.error.errors : [];
          // Seats someone else took leave the selection now (each entry of the answer names one), the others stay.
          const gone = new Set(taken.flatMap((e) => (typeof e.id === 'string' ? [e.id] : [])));
          const kept = gone.size ? new Set([...selected].filter((id) => !gone.has(id))) : selected;
          if (kept !== selected) setSelected(kept);
          setRefusal({ packageId: pkg.id, text: [result.error.message, ...taken.map((e) => e.message)].join(' '), seats: kept });
        }
        return;
      }
      if (seats) setSelected(new Set());
      queryClient.setQueryData(queryKeys.cart(eventId), result.data);
      notify.success({ title: t('added') });
      router.push({ pathname: '/events/[id]/cart', params: { id: eventId } });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="packages">
      <h2 id={headingId} className="text-2xl font-semibold">
        {t('title')}
      </h2>
      <p className="text-slate-700">{t('intro')}</p>
      <ul className="grid gap-4 sm:grid-cols-2">
        {packages.map((pkg) => {
          const saving = pkg.faceValue.amount - pkg.price.amount;
          const days = new Set(pkg.contents.map((c) => c.eventId)).size > 1;
          const usesPicked = pkg.seated && selected.size > 0;
          const refused = refusal?.packageId === pkg.id && refusal.seats === selected ? refusal.text : null;
          return (
            <li key={pkg.id} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4" data-testid="package">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="text-lg font-semibold">{pkg.name}</h3>
                <p className="text-xl font-bold tabular-nums">{formatMoney(pkg.price, locale)}</p>
              </div>
              {pkg.description && <p className="text-slate-700">{pkg.description}</p>}
              <ul className="list-disc space-y-0.5 pl-5 text-sm text-slate-700">
                {pkg.contents.map((c, i) => (
                  <li key={i}>{days ? t('lineDay', { event: c.eventTitle, quantity: c.quantity, ticketType: c.ticketType }) : t('line', { quantity: c.quantity, ticketType: c.ticketType })}</li>
                ))}
              </ul>
              {pkg.seated && (
                <p id={`${headingId}-${pkg.id}-seats`} className="text-sm text-slate-700" data-testid="package-seats">
                  {usesPicked ? t('usesPicked', { count: selected.size }) : t('seatsTogether')}
                </p>
              )}
              <p className="text-sm text-slate-700">
                {t('tickets', { count: pkg.tickets })}
                {saving > 0 && (
                  <>
                    {' · '}
                    <span className="font-medium text-emerald-800">{t('saving', { amount: formatMoney({ amount: saving, currency: pkg.price.currency }, locale) })}</span>
                  </>
                )}
              </p>
              <div className="mt-auto flex flex-wrap items-center justify-between gap-3">
                <span className="text-sm font-medium" data-testid="package-left">
                  {pkg.left > 0 ? t('left', { count: pkg.left }) : t('soldOut')}
                </span>
                <button
                  type="button"
                  onClick={() => void add(pkg)}
                  // Only a sold-out package is disabled: while adding, the button keeps the keyboard's focus.
                  disabled={pkg.left === 0}
                  aria-disabled={busy !== null || undefined}
                  aria-label={signedIn ? t('addLabel', { name: pkg.name }) : undefined}
                  aria-describedby={pkg.seated ? `${headingId}-${pkg.id}-seats` : undefined}
                  className="min-h-11 rounded-lg bg-emerald-800 px-5 py-2 font-medium text-white hover:bg-emerald-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 disabled:opacity-50"
                >
                  {busy === pkg.id ? t('adding') : signedIn ? t('add') : t('signIn')}
                </button>
              </div>
              {refused && (
                <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-950" data-testid="package-refused">
                  <p className="font-semibold">{t('notAdded')}</p>
                  <p>{refused}</p>
                  <p>{t('keptSeats')}</p>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
