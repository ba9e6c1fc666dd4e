'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useId, useMemo, useState } from 'react';
import { flatten, type MapLayout, type MapSeat } from '@/lib/seats/layout';
import { useSeatListsText } from '@/components/seats/seat-lists-text';
import { SeatLists } from '@/components/seats/seat-lists';
import { SeatMap, type SeatMapText } from '@/components/seats/seat-map';
import { useHydrated } from '@/components/ui/use-hydrated';
import { formatMoney, localized } from '@/components/tickets/format';
import { api } from '@/lib/client/api-client';
import { Link } from '@/lib/i18n/navigation';
import type { SeasonSaleAnswer } from '@/lib/schemas/seasons';

// The season's seat map: a seat can be picked when it is free at every remaining match (or is the fan's
// own to renew while the renewal lasts), as GET /api/v1/seasons/{id} says (season_seats in the database).
// One seat per season ticket; buying holds it for the whole season and goes to the payment.

const LEGEND: { state: 'free' | 'renew' | 'reserved' | 'taken'; color: string }[] = [
  { state: 'free', color: '#047857' },
  { state: 'renew', color: '#7c3aed' },
  { state: 'reserved', color: '#b45309' },
  { state: 'taken', color: '#9ca3af' },
];

export function SeasonPicker({ sale, locale, signedIn, signInNext }: { sale: SeasonSaleAnswer; locale: string; signedIn: boolean; signInNext: string }) {
  const t = useTranslations('seasons.sale');
  const tm = useTranslations('seatMap');
  const hydrated = useHydrated();
  const statusId = useId();
  const [selected, setSelected] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const stateOf = useMemo(() => {
    const map = new Map<string, { state: string; categoryId: string | null; label: string }>();
    for (const section of sale.sections)
      for (const row of section.rows)
        for (const seat of row.seats) map.set(seat.id, { state: seat.state, categoryId: seat.categoryId, label: tm('seatName', { section: localized(section.name, locale), row: row.label, seat: seat.label }) });
    return map;
  }, [sale, locale, tm]);
  const priceOf = useMemo(() => new Map(sale.prices.map((p) => [p.categoryId, p])), [sale]);
  const pickable = useCallback(
    (id: string) => {
      const seat = stateOf.get(id);
      return Boolean(seat && ((seat.state === 'free' && sale.saleOpen) || (seat.state === 'renew' && sale.renewalOpen)));
    },
    [stateOf, sale],
  );

  // Each seat drawn in its state's colour (the map's category slot); what cannot be picked is greyed over.
  const layout: MapLayout = useMemo(
    () => ({
      width: sale.venue.width,
      height: sale.venue.height,
      outline: (sale.venue.outline as { label?: Record<string, string> }[]).map(({ label, ...shape }) => ({ ...shape, ...(label ? { label: label[locale] } : {}) })) as MapLayout['outline'],
      sections: sale.sections.map((s) => ({
        id: s.id,
        name: localized(s.name, locale),
        labelX: s.labelX,
        labelY: s.labelY,
        rows: s.rows.map((r) => ({
          label: r.label,
          seats: r.seats.map((seat): MapSeat => [seat.id, seat.label, seat.x, seat.y, Math.max(0, LEGEND.findIndex((l) => l.state === (seat.state === 'mine' || seat.state === 'sold' ? 'taken' : seat.state)))]),
        })),
      })),
    }),
    [sale, locale],
  );
  const flat = useMemo(() => flatten(layout), [layout]);
  const types = useMemo(() => LEGEND.map((l) => ({ name: t(`state.${l.state}`), color: l.color, priceText: '' })), [t]);
  const taken = useMemo(() => new Set([...stateOf.keys()].filter((id) => !pickable(id))), [stateOf, pickable]);
  const empty = useMemo(() => new Set<string>(), []);
  const selectedSet = useMemo(() => new Set(selected ? [selected] : []), [selected]);
  const text: SeatMapText = {
    title: t('mapTitle'),
    help: tm('help'),
    zoomIn: tm('zoomIn'),
    zoomOut: tm('zoomOut'),
    resetZoom: tm('resetZoom'),
    seatName: (section, row, seat) => tm('seatName', { section, row, seat }),
    state: { available: tm('available'), selected: tm('selected'), taken: tm('taken'), resale: tm('taken'), unavailable: tm('taken') },
    resaleHint: '',
    zoomToSection: (section) => tm('zoomToSection', { section }),
  };
  const toggle = (id: string) => {
    if (!pickable(id)) return;
    setSelected((current) => (current === id ? null : id));
  };
  const seatPrice = (id: string | null) => {
    const categoryId = id ? stateOf.get(id)?.categoryId : null;
    const price = categoryId ? priceOf.get(categoryId) : null;
    return price ? formatMoney(price.price, sale.currency, locale) : '';
  };
  const seatListsText = useSeatListsText((i) => seatPrice(flat.ids[i]));

  async function buy() {
    if (!selected) return;
    setSending(true);
    const result = await api.post<{ orderId: string; paymentUrl: string }>(`/api/v1/seasons/${sale.id}/purchase`, { seatIds: [selected] });
    if (result.ok) return window.location.assign(result.data.paymentUrl);
    setSending(false);
  }

  const chosen = selected ? stateOf.get(selected) : null;
  return (
    <div className="space-y-4">
      <ul aria-label={t('legendTitle')} className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
        {LEGEND.map((l) => (
          <li key={l.state} className="flex items-center gap-2">
            <span aria-hidden="true" className="inline-block h-3 w-3 rounded-full" style={{ background: l.color }} />
            {t(`state.${l.state}`)}
          </li>
        ))}
      </ul>
      <SeatMap layout={layout} flat={flat} types={types} taken={taken} resale={empty} selected={selectedSet} ready={hydrated} onToggle={toggle} text={text} />
      <SeatLists
        layout={layout}
        flat={flat}
        isFree={(i) => pickable(flat.ids[i])}
        disabled={!hydrated}
        onAdd={toggle}
        text={seatListsText}
      />
      <div className="sticky bottom-0 space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <p id={statusId} aria-live="polite" className="font-medium">
          {chosen ? t('selected', { seat: `${chosen.label} · ${seatPrice(selected)}` }) : t('noneSelected')}
        </p>
        {signedIn ? (
          <button
            type="button"
            onClick={buy}
            disabled={!hydrated || !selected || sending}
            aria-describedby={statusId}
            className="min-h-11 w-full rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white hover:bg-emerald-700 disabled:opacity-60 sm:w-auto"
          >
            {selected ? t('buy', { price: seatPrice(selected) }) : t('buyNoSeat')}
          </button>
        ) : (
          <Link href={{ pathname: '/signin', query: { next: signInNext } }} className="inline-flex min-h-11 items-center rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white">
            {t('signIn')}
          </Link>
        )}
      </div>
    </div>
  );
}
