'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { api, apiQuery } from '@/lib/client/api-client';
import { useSession } from '@/lib/client/session';
import { notify } from '@/lib/client/toast';
import { Link } from '@/lib/i18n/navigation';
import type { Availability } from '@/lib/schemas/events';
import type { MyListings } from '@/lib/schemas/resale';
import type { Money } from './format';
import { ResaleConcession } from '@/components/concessions/resale-concession';
import { queryKeys } from '@/lib/client/query-keys';

type Offer = Availability['resale'][number];

type Props = {
  eventId: string;
  onSale: boolean;
  /** The live availability (null while loading). */
  offers: Offer[] | null;
  busy: boolean;
  describe: (offer: Offer) => { what: string; typeName: string };
  priceText: (money: Money) => string;
  /** Puts the listing in the cart and opens the cart; answers what the cart call answered (null: not sent). */
  addToCart: (listingId: string) => Promise<{ ok: boolean; code: string | null; message: string } | null>;
  /** Polls availability again (a sold or withdrawn offer leaves the list). */
  refresh: () => void;
};

/**
 * The event page's resale offers. A fan's own listings are marked as theirs, with a way to withdraw
 * them, never a Buy button (the server refuses it too: OWN_LISTING); an offer someone else bought a
 * moment ago says so in words in its row until the next poll drops it.
 */
export function ResaleOffers({ eventId, onSale, offers, busy, describe, priceText, addToCart, refresh }: Props) {
  const t = useTranslations('event');
  const tr = useTranslations('resaleBuying');
  const headingId = useId();
  const { signedIn } = useSession();
  const [sold, setSold] = useState<Map<string, Offer>>(() => new Map());
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const mine = useQuery({
    queryKey: queryKeys.myListings(eventId),
    queryFn: apiQuery<MyListings>(`/api/v1/events/${encodeURIComponent(eventId)}/my-listings`, { toast: false }),
    enabled: signedIn && onSale && Boolean(offers?.length),
    staleTime: 0,
  });
  // Until the fan's own listings are known, no Buy is offered: it could be on their own ticket.
  const mineKnown = !signedIn || mine.isFetched;
  const ownTicket = new Map((mine.data?.listings ?? []).map((l) => [l.listingId, l.ticketId]));
  // A sold offer stays in its place, saying so, until the fan has seen it; the rest as the poll has them.
  const shown = [...(offers ?? []), ...[...sold.values()].filter((offer) => !offers?.some((o) => o.listingId === offer.listingId))];

  async function buy(offer: Offer) {
    const result = await addToCart(offer.listingId);
    if (!result || result.ok) return;
    if (result.code === 'LISTING_SOLD') {
      setSold((current) => new Map(current).set(offer.listingId, offer));
      notify.error({ title: tr('justSoldTitle'), description: result.message });
      refresh();
    } else if (result.code === 'OWN_LISTING') {
      notify.info({ title: result.message });
      void mine.refetch();
    } else if (result.code !== 'UNAUTHENTICATED') {
      notify.error({ title: result.message });
      refresh();
    }
  }

  async function withdraw(ticketId: string) {
    setWithdrawing(ticketId);
    const result = await api.delete(`/api/v1/tickets/${ticketId}/listing`, { toast: true });
    setWithdrawing(null);
    if (result.ok) {
      notify.success({ title: tr('withdrawn') });
      void mine.refetch();
      refresh();
    }
  }

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-2xl font-semibold">
        {t('resaleTickets')}
      </h2>
      <p className="text-slate-700">{t('resaleLead')}</p>
      {shown.length === 0 ? (
        <p className="rounded-xl bg-white p-4 text-slate-700">{offers || !onSale ? t('resaleNone') : t('loadingAvailability')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-testid="resale-offers">
          {shown.map((offer) => {
            const { what, typeName } = describe(offer);
            const ticketId = ownTicket.get(offer.listingId);
            const justSold = sold.has(offer.listingId);
            return (
              <li key={offer.listingId} className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="resale-offer" data-listing-id={offer.listingId}>
                <div>
                  <p className="font-medium">{what}</p>
                  <p className="text-sm text-slate-700">
                    {typeName} · <strong>{priceText(offer.price)}</strong>
                    {offer.buyerFee.amount > 0 && <> {t('resaleFee', { fee: priceText(offer.buyerFee) })}</>}
                  </p>
                  <ResaleConcession concession={offer.concession} />
                </div>
                {justSold ? (
                  <p role="status" className="text-sm font-medium text-red-800" data-testid="resale-just-sold">
                    {tr('justSold')}
                  </p>
                ) : ticketId ? (
                  <div className="flex flex-wrap items-center gap-3 text-sm" data-testid="resale-own">
                    <span className="rounded-full bg-violet-100 px-3 py-1 font-medium text-violet-900">{tr('yours')}</span>
                    <button
                      type="button"
                      disabled={withdrawing === ticketId}
                      onClick={() => void withdraw(ticketId)}
                      aria-label={tr('withdrawLabel', { what })}
                      className="rounded-lg border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-50 disabled:opacity-50"
                    >
                      {tr('withdraw')}
                    </button>
                    <Link href="/tickets" className="font-medium text-emerald-800 underline">
                      {tr('manage')}
                    </Link>
                  </div>
                ) : !mineKnown ? null : (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => void buy(offer)}
                    aria-label={t('resaleBuyLabel', { what, price: priceText(offer.price) })}
                    className="rounded-lg bg-emerald-800 px-4 py-2 font-medium text-white hover:bg-emerald-700 disabled:bg-slate-400"
                  >
                    {t('resaleBuy')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
