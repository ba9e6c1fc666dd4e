'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import { apiQuery } from '@/lib/client/api-client';
import { holdInCart } from '@/lib/client/cart';
import { queryKeys } from '@/lib/client/query-keys';
import { returnPathFrom } from '@/lib/auth/return-path';
import { useSession } from '@/lib/client/session';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import { flatten, toMapLayout, type ApiLayout } from '@/lib/seats/layout';
import { useSeatListsText } from '@/components/seats/seat-lists-text';
import type { SeatMapText, SeatState } from '@/components/seats/seat-map';
import { bestAvailable } from '@/lib/seats/best-available';
import { useSeatSelection } from '@/components/seats/seat-selection';
import { formatMoney, type Money } from './format';
import { ResaleOffers } from './resale-offers';
import type { CartItemsInput } from '@/lib/schemas/cart';
import type { Availability } from '@/lib/schemas/events';
import { signInHref } from '@/components/layout/return-here';
import { useAccessibleSeats, WheelchairPlaces } from '@/components/concessions/wheelchair-places';

// The seat map (its zoom, outline and tooltips) draws only once the layout has come from the API, after
// hydration: its code is a chunk of its own, fetched meanwhile, never part of the page's first-load JS.
// (It renders in the browser only: the layout is never there during the server's render.)
const SeatMap = lazy(() => import('@/components/seats/seat-map').then((m) => ({ default: m.SeatMap })));
// So are the best-seats form and the seat lists, drawn with the map (issue 34: less JavaScript evaluated
// before the page is usable; docs/decisions/hot-paths-again.md).
const BestAvailableForm = lazy(() => import('@/components/seats/best-available-form').then((m) => ({ default: m.BestAvailableForm })));
const SeatLists = lazy(() => import('@/components/seats/seat-lists').then((m) => ({ default: m.SeatLists })));
const mapPlaceholder = <div className="aspect-[10/7] animate-pulse rounded-xl bg-slate-200" aria-hidden="true" />;

/**
 * Whether the fan has come to the tickets: the section is within a quarter screen of the window, or the
 * fan has focused something in it. The seat layout (a stadium's thousand seats), its wheelchair places and
 * the map's code are loaded only then (issue 34, docs/decisions/event-page-seats-on-approach.md): on a phone
 * the tickets start more than a screen below the first, and fetching, parsing and laying out the seats at
 * load was most of the page's blocking time on Lighthouse's phone. On a desktop the section is in reach at
 * once. Without IntersectionObserver the seats load at once, as before.
 */
function useApproached(ref: RefObject<HTMLElement | null>, wanted: boolean): boolean {
  const [approached, setApproached] = useState(false);
  useEffect(() => {
    const section = ref.current;
    if (!wanted || approached) return;
    if (!section || typeof IntersectionObserver === 'undefined') {
      setApproached(true);
      return;
    }
    const come = () => setApproached(true);
    const near = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) come();
    }, { rootMargin: '25% 0px' });
    near.observe(section);
    section.addEventListener('focusin', come);
    return () => {
      near.disconnect();
      section.removeEventListener('focusin', come);
    };
  }, [ref, wanted, approached]);
  return approached;
}

/** `priceText`: the price formatted by the server (see Props.formatted). */
export type PickerTicketType = { id: string; name: string; kind: 'seated' | 'standing'; price: Money; priceText: string; color: string };

type Props = {
  eventId: string;
  onSale: boolean;
  maxPerOrder: number;
  ticketTypes: PickerTicketType[];
  /** The event sells seats on a map; the map itself is loaded by the browser (it can be 10,000 seats). */
  hasLayout: boolean;
  serviceFee: Money;
  /**
   * The money texts the first render shows, formatted by the server (with the types' `priceText`): a
   * browser's first Intl.NumberFormat loads its locale data, a long task at hydration on a phone
   * (issue 17, Lighthouse). The browser formats money itself only once the fan picks something.
   */
  formatted: { serviceFee: string; zero: string };
};

const POLL_MS = 10_000;

export function TicketPicker({ eventId, onSale, maxPerOrder, ticketTypes, hasLayout, serviceFee, formatted }: Props) {
  const t = useTranslations('event');
  const tm = useTranslations('seatMap');
  const ta = useTranslations('auth');
  const locale = useLocale();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { signedIn } = useSession();
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const approached = useApproached(sectionRef, hasLayout && onSale);

  // Live availability: polled every 10 s while the tab is visible, so seats others take turn grey.
  const availability = useQuery({
    queryKey: queryKeys.availability(eventId),
    queryFn: apiQuery<Availability>(`/api/v1/events/${encodeURIComponent(eventId)}/availability`, { toast: false }),
    enabled: onSale,
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
  // The seat layout never changes while the page is open: loaded once (texts in the page language), when
  // the fan comes to the tickets.
  const layoutQuery = useQuery({
    queryKey: queryKeys.layout(eventId, locale),
    queryFn: apiQuery<{ layout: ApiLayout | null }>(`/api/v1/events/${encodeURIComponent(eventId)}`, { query: { include: 'seats' }, toast: false }),
    enabled: hasLayout && onSale && approached,
    staleTime: Infinity,
  });
  const layout = useMemo(
    () => (layoutQuery.data?.layout ? toMapLayout(layoutQuery.data.layout, ticketTypes.map((x) => x.id)) : null),
    [layoutQuery.data, ticketTypes],
  );

  // Wheelchair places and companion seats (held back for ZŤP / ZŤP-S card holders): marked on the map, offered below it.
  const accessible = useAccessibleSeats(eventId, hasLayout && onSale && approached);

  const data = availability.data;
  // Standing places need the availability only; seats also their layout.
  const standingReady = Boolean(data);
  const ready = standingReady && (!hasLayout || Boolean(layout));

  const flat = useMemo(() => (layout ? flatten(layout) : null), [layout]);
  const taken = useMemo(() => new Set(data?.takenSeatIds ?? []), [data]);
  const resaleBySeat = useMemo(() => new Map((data?.resale ?? []).filter((r) => r.seatId).map((r) => [r.seatId!, r])), [data]);
  const resaleSeats = useMemo(() => new Set(resaleBySeat.keys()), [resaleBySeat]);
  const availableOf = useMemo(() => new Map((data?.ticketTypes ?? []).map((x) => [x.id, x.available])), [data]);
  const limit = data?.maxTicketsPerOrder ?? maxPerOrder;

  // Shared with the page's packages: a seated package takes the seats picked here.
  const { selected, setSelected } = useSeatSelection();
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [busy, setBusy] = useState(false);
  // Seats the map should bring into view (best available's pick).
  const [focus, setFocus] = useState<{ seats: readonly string[] } | null>(null);

  const standingCount = Object.values(quantities).reduce((n, q) => n + q, 0);
  const count = selected.size + standingCount;

  // A seat someone else took since we picked it leaves the selection when the next poll says so.
  useEffect(() => {
    if (!data) return;
    setSelected((current) => {
      const kept = [...current].filter((id) => !taken.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [data, taken]);

  const isFree = useCallback(
    (i: number) => Boolean(flat && ready && onSale && flat.type[i] >= 0 && !taken.has(flat.ids[i]) && ticketTypes[flat.type[i]]?.kind === 'seated'),
    [flat, ready, onSale, taken, ticketTypes],
  );

  const toggleSeat = useCallback(
    (seatId: string) => {
      if (!flat) return;
      const i = flat.index.get(seatId);
      if (i === undefined) return;
      setSelected((current) => {
        if (current.has(seatId)) {
          const next = new Set(current);
          next.delete(seatId);
          return next;
        }
        if (!isFree(i)) return current;
        if (current.size + standingCount >= limit) {
          notify.info({ id: 'seat-limit', title: tm('limitReached', { max: limit }) });
          return current;
        }
        return new Set(current).add(seatId);
      });
    },
    [flat, isFree, limit, standingCount, tm],
  );

  const priceText = (money: Money) => formatMoney(money, locale);
  const seatPrice = (i: number) => (flat && flat.type[i] >= 0 ? ticketTypes[flat.type[i]].priceText : '');
  const seatListsText = useSeatListsText(seatPrice);

  const total = useMemo(() => {
    let amount = 0;
    if (flat) for (const id of selected) amount += ticketTypes[flat.type[flat.index.get(id)!]]?.price.amount ?? 0;
    for (const type of ticketTypes) amount += (quantities[type.id] ?? 0) * type.price.amount;
    return amount;
  }, [flat, selected, quantities, ticketTypes]);

  const currency = ticketTypes[0]?.price.currency ?? serviceFee.currency;
  const standingTypes = ticketTypes.filter((x) => x.kind === 'standing');
  const seatedTypes = ticketTypes.filter((x) => x.kind === 'seated');
  const anythingOnSale = onSale && (!data || data.ticketTypes.some((x) => x.available > 0) || data.resale.length > 0);
  const primaryOnSale = onSale && (!data || data.ticketTypes.some((x) => x.available > 0));

  const mapText: SeatMapText = useMemo(
    () => ({
      title: tm('title'),
      help: tm('help'),
      zoomIn: tm('zoomIn'),
      zoomOut: tm('zoomOut'),
      resetZoom: tm('resetZoom'),
      seatName: (section, row, seat) => tm('seatName', { section, row, seat }),
      state: { available: tm('available'), selected: tm('selected'), taken: tm('taken'), resale: tm('resale'), unavailable: tm('taken') } satisfies Record<SeatState, string>,
      resaleHint: tm('resaleHint'),
      zoomToSection: (section) => tm('zoomToSection', { section }),
    }),
    [tm],
  );
  const mapTypes = useMemo(() => ticketTypes.map((x) => ({ name: x.name, color: x.color, priceText: x.priceText })), [ticketTypes]);

  const signInRequired = () =>
    notify.error({
      id: 'sign-in-required',
      title: ta('signInRequiredTitle'),
      description: ta('signInRequiredText'),
      // Back to this event after signing in (the return path is checked again by the sign-in page).
      action: { label: t('signIn'), onClick: () => router.push(signInHref(returnPathFrom(window.location.pathname, window.location.search))) },
    });

  /** Hands the selection to the cart (POST …/cart/items); on success, the cart page, which shows the cart the hold answered. */
  async function addToCart(bodies: CartItemsInput[]) {
    if (!signedIn) {
      signInRequired();
      return;
    }
    setBusy(true);
    try {
      for (const body of bodies) {
        const result = await holdInCart(queryClient, eventId, body, { toast: [409] });
        if (result.ok) continue;
        if (result.status === 401) signInRequired();
        if (result.status === 409) {
          notify.error({ title: t('seatTakenTitle'), description: result.error.errors[0]?.message ?? t('seatTakenText') });
          await availability.refetch();
        }
        return;
      }
      router.push({ pathname: '/events/[id]/cart', params: { id: eventId } });
    } finally {
      setBusy(false);
    }
  }

  /** A resale listing into the cart; its refusals (sold a moment ago, the fan's own) are ResaleOffers' to tell. */
  async function buyListing(listingId: string) {
    if (!signedIn) {
      signInRequired();
      return null;
    }
    setBusy(true);
    try {
      const result = await holdInCart(queryClient, eventId, { listingId }, { toast: [409] });
      if (result.ok) {
        router.push({ pathname: '/events/[id]/cart', params: { id: eventId } });
        return { ok: true, code: null, message: '' };
      }
      if (result.status === 401) signInRequired();
      return { ok: false, code: result.error.code, message: result.error.message };
    } finally {
      setBusy(false);
    }
  }

  function buy() {
    const bodies: CartItemsInput[] = [];
    if (selected.size) bodies.push({ seatIds: [...selected] });
    for (const type of standingTypes) if (quantities[type.id]) bodies.push({ ticketTypeId: type.id, quantity: quantities[type.id] });
    if (bodies.length) void addToCart(bodies);
  }

  /** Best available: replaces the seat selection with the best `count` seats together in the category (best-available.ts). */
  const findBest = (type: number, count: number): string | null => {
    if (!flat || !layout) return null;
    const seats = bestAvailable(layout, flat, { type, count, isFree });
    if (!seats) return null;
    const ids = seats.map((i) => flat.ids[i]);
    setSelected(new Set(ids));
    setFocus({ seats: ids });
    return seatGroups(ids);
  };

  /** The selected seats in words, a row at a time: "Main stand A1, row 1, seats 7, 8". */
  const seatGroups = (ids: Iterable<string>) => {
    if (!flat || !layout) return '';
    const groups = new Map<string, { section: string; row: string; seats: string[] }>();
    const order = [...ids].map((id) => flat.index.get(id)).filter((i): i is number => i !== undefined).sort((a, b) => a - b);
    for (const i of order) {
      const key = `${flat.section[i]}|${flat.row[i]}`;
      const group = groups.get(key) ?? { section: layout.sections[flat.section[i]].name, row: flat.row[i], seats: [] };
      group.seats.push(flat.labels[i]);
      groups.set(key, group);
    }
    return [...groups.values()].map((g) => tm('seatGroup', { section: g.section, row: g.row, count: g.seats.length, seats: g.seats.join(', ') })).join('; ');
  };

  const typeName = (id: string) => ticketTypes.find((x) => x.id === id)?.name ?? '';
  const seatLabel = (seatId: string) => {
    if (!flat || !layout) return '';
    const i = flat.index.get(seatId);
    if (i === undefined) return '';
    return tm('seatName', { section: layout.sections[flat.section[i]].name, row: flat.row[i], seat: flat.labels[i] });
  };

  return (
    <>
      <section ref={sectionRef} aria-labelledby={headingId} className="space-y-5">
        <h2 id={headingId} className="text-2xl font-semibold">
          {t('tickets')}
        </h2>

        {!anythingOnSale ? (
          <p className="rounded-xl bg-white p-6 text-slate-800" role="status" data-testid="no-tickets">
            {t('noTickets')}
          </p>
        ) : (
          <>
            <div>
              <h3 className="sr-only">{t('priceCategories')}</h3>
              <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm" aria-label={tm('legend')}>
                {ticketTypes.map((type) => {
                  const left = availableOf.get(type.id);
                  return (
                    <li key={type.id} className="flex items-center gap-2">
                      <span className="inline-block h-4 w-4 rounded-full" style={{ background: type.color }} aria-hidden="true" />
                      <span>
                        <span className="font-medium">{type.name}</span> · {type.priceText}
                        {left !== undefined && <span className="text-slate-700"> · {left > 0 ? t('left', { count: left }) : t('soldOut')}</span>}
                      </span>
                    </li>
                  );
                })}
                {hasLayout && (
                  <>
                    <li className="flex items-center gap-2">
                      <span className="inline-block h-4 w-4 rounded-full border-2 border-amber-400 bg-slate-900" aria-hidden="true" />
                      {tm('selected')}
                    </li>
                    <li className="flex items-center gap-2">
                      <span className="inline-block h-4 w-4 rounded-full bg-gray-400" aria-hidden="true" />
                      {tm('taken')}
                    </li>
                    <li className="flex items-center gap-2">
                      <span className="inline-block h-4 w-4 rounded-full border-2 border-violet-600 bg-white" aria-hidden="true" />
                      {tm('resale')}
                    </li>
                  </>
                )}
              </ul>
            </div>

            {!ready && (
              <p className="text-sm text-slate-700" role="status">
                {t('loadingAvailability')}
              </p>
            )}

            {hasLayout && !layout && seatedTypes.length > 0 && <div className="aspect-[10/7] animate-pulse rounded-xl bg-slate-200" aria-hidden="true" />}

            {layout && flat && seatedTypes.length > 0 && (
              <Suspense fallback={mapPlaceholder}>
                <BestAvailableForm
                  categories={ticketTypes.map((x, index) => ({ index, name: x.name, kind: x.kind })).filter((x) => x.kind === 'seated')}
                  max={Math.max(0, limit - standingCount)}
                  disabled={!ready}
                  onFind={findBest}
                  text={{
                    title: tm('bestTitle'),
                    help: tm('bestHelp'),
                    category: tm('bestCategory'),
                    count: tm('bestCount'),
                    find: tm('bestFind'),
                    found: (n, seats) => tm('bestFound', { count: n, seats }),
                    none: (n, category) => tm('bestNone', { count: n, category }),
                  }}
                />
                <Suspense fallback={mapPlaceholder}>
                  <SeatMap layout={layout} flat={flat} types={mapTypes} taken={taken} resale={resaleSeats} selected={selected} ready={ready} onToggle={toggleSeat} text={mapText} focus={focus} marks={accessible.marks} />
                </Suspense>
                <WheelchairPlaces
                  eventId={eventId}
                  seats={accessible.seats}
                  signedIn={signedIn}
                  onSignInRequired={signInRequired}
                  onAdded={() => router.push({ pathname: '/events/[id]/cart', params: { id: eventId } })}
                />
                <SeatLists
                  layout={layout}
                  flat={flat}
                  isFree={isFree}
                  disabled={!ready}
                  onAdd={toggleSeat}
                  text={seatListsText}
                />
              </Suspense>
            )}

            {standingTypes.length > 0 && primaryOnSale && (
              <div className="grid gap-3 sm:grid-cols-2">
                {standingTypes.map((type) => {
                  const left = availableOf.get(type.id) ?? 0;
                  const current = quantities[type.id] ?? 0;
                  const max = Math.max(0, Math.min(left, limit - (count - current)));
                  const id = `qty-${type.id}`;
                  return (
                    <div key={type.id} className="rounded-xl border border-slate-200 bg-white p-4">
                      <label htmlFor={id} className="block font-medium">
                        {t('quantityFor', { name: type.name })}
                      </label>
                      <p className="text-sm text-slate-700">
                        {type.priceText} · {standingReady ? (left > 0 ? t('left', { count: left }) : t('soldOut')) : t('loadingAvailability')}
                      </p>
                      <select
                        id={id}
                        value={current}
                        disabled={!standingReady || left === 0}
                        onChange={(e) => setQuantities((q) => ({ ...q, [type.id]: Number(e.target.value) }))}
                        className="mt-2 w-full rounded-lg border border-slate-400 bg-white px-3 py-2"
                        data-testid="ticket-count"
                      >
                        {Array.from({ length: Math.max(current, max) + 1 }, (_, n) => (
                          <option key={n} value={n}>
                            {n}
                          </option>
                        ))}
                      </select>
                    </div>
                  );
                })}
              </div>
            )}

            <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4" aria-live="polite">
              {hasLayout && seatedTypes.length > 0 && (
                <div>
                  <h3 className="font-semibold">{tm('selectedSeats')}</h3>
                  {selected.size === 0 ? (
                    <p className="text-slate-700" data-testid="no-seats-selected">
                      {t('noSeatsSelected')}
                    </p>
                  ) : (
                    <ul className="mt-1 space-y-1" data-testid="selected-seats">
                      {[...selected].map((seatId) => (
                        <li key={seatId} className="flex items-center justify-between gap-3">
                          <span>
                            {seatLabel(seatId)} · {seatPrice(flat!.index.get(seatId)!)}
                          </span>
                          <button type="button" onClick={() => toggleSeat(seatId)} className="text-sm font-medium text-red-800 underline">
                            {tm('removeSeat', { seat: seatLabel(seatId) })}
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )}
              <p className="text-sm text-slate-700">{t('perOrder', { max: limit })}</p>
              {serviceFee.amount > 0 && <p className="text-sm text-slate-700">{t('serviceFee', { fee: formatted.serviceFee })}</p>}
            </div>

            {/* The basket bar: stays in view while the fan picks (above the phone's bottom tabs, at the bottom on desktop). */}
            <div
              className="sticky bottom-[calc(3.5rem+1px+env(safe-area-inset-bottom))] z-20 -mx-4 flex items-center justify-between gap-3 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] sm:mx-0 sm:rounded-xl sm:border md:bottom-3"
              data-testid="basket-bar"
            >
              <div className="min-w-0" aria-live="polite">
                <p>
                  {t('selected')}: <strong data-testid="basket-count">{count}</strong> · {t('total')}: <strong data-testid="selection-total">{count === 0 ? formatted.zero : priceText({ amount: total, currency })}</strong>
                </p>
                {selected.size > 0 && (
                  <p className="truncate text-sm text-slate-700" data-testid="basket-seats">
                    {seatGroups(selected)}
                  </p>
                )}
              </div>
              <button
                type="button"
                onClick={buy}
                disabled={count === 0 || busy}
                className="shrink-0 rounded-lg bg-amber-400 px-4 py-3 font-semibold text-emerald-950 hover:bg-amber-300 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700 sm:px-6"
              >
                {busy ? t('buying') : t('buy')}
              </button>
            </div>
          </>
        )}
      </section>

      <ResaleOffers
        eventId={eventId}
        onSale={onSale}
        offers={data?.resale ?? null}
        busy={busy}
        describe={(offer) => ({ what: offer.seatId ? seatLabel(offer.seatId) || typeName(offer.ticketTypeId) : typeName(offer.ticketTypeId), typeName: typeName(offer.ticketTypeId) })}
        priceText={priceText}
        addToCart={buyListing}
        refresh={() => void availability.refetch()}
      />
    </>
  );
}
