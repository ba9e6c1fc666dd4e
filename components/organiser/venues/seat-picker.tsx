'use client';

import { useTranslations } from 'next-intl';
import { useId, useMemo, type Dispatch, type SetStateAction } from 'react';
import { flatten, type MapLayout, type MapSeat } from '@/lib/seats/layout';
import { SeatMap, type AccessibleMarks, type SeatMapText, type SeatMapType } from '@/components/seats/seat-map';
import type { Locale } from '@/lib/i18n/routing';

// How the console picks seats of a venue (blocking seats of an event, marking wheelchair places): the
// fan's seat map in a "select" mode — each seat coloured by what it is now (the map's price-category
// slot) — and beside it every row as a checkbox, for whoever finds a list easier than a map. The parent
// owns the selection and what the buttons do with it.

export type PickerSeat = { id: string; label: string; x: number; y: number };
export type PickerRow<S extends PickerSeat> = { label: string; seats: S[] };
export type PickerSection<S extends PickerSeat> = { id: string; code: string; name: Record<Locale, string>; labelX: number | null; labelY: number | null; rows: PickerRow<S>[] };
export type PickerMap<S extends PickerSeat> = { width: number; height: number; outline: Record<string, unknown>[]; sections: PickerSection<S>[] };

export type SeatPickerProps<S extends PickerSeat> = {
  map: PickerMap<S>;
  locale: Locale;
  /** The colours of the map: a seat's `typeOf` is its index here (−1: grey, not pickable). */
  types: SeatMapType[];
  typeOf: (seat: S) => number;
  selectable: (seat: S) => boolean;
  selected: ReadonlySet<string>;
  setSelected: Dispatch<SetStateAction<ReadonlySet<string>>>;
  ready: boolean;
  text: { mapTitle: string; state: SeatMapText['state']; rowsTitle: string; rowLabel: (section: PickerSection<S>, row: PickerRow<S>) => string };
  marks?: AccessibleMarks | null;
};

export function SeatPicker<S extends PickerSeat>({ map, locale, types, typeOf, selectable, selected, setSelected, ready, text, marks }: SeatPickerProps<S>) {
  const tm = useTranslations('seatMap');
  const rowsId = useId();

  const seatsById = useMemo(() => {
    const byId = new Map<string, S>();
    for (const section of map.sections) for (const row of section.rows) for (const seat of row.seats) byId.set(seat.id, seat);
    return byId;
  }, [map]);

  const layout: MapLayout = useMemo(
    () => ({
      width: map.width,
      height: map.height,
      outline: (map.outline as { label?: Record<Locale, string> }[]).map(({ label, ...shape }) => ({ ...shape, ...(label ? { label: label[locale] } : {}) })) as MapLayout['outline'],
      sections: map.sections.map((s) => ({
        id: s.id,
        name: s.name[locale],
        labelX: s.labelX,
        labelY: s.labelY,
        rows: s.rows.map((r) => ({ label: r.label, seats: r.seats.map((seat): MapSeat => [seat.id, seat.label, seat.x, seat.y, typeOf(seat)]) })),
      })),
    }),
    [map, locale, typeOf],
  );
  const flat = useMemo(() => flatten(layout), [layout]);
  const empty = useMemo(() => new Set<string>(), []);
  const mapText: SeatMapText = {
    title: text.mapTitle,
    help: tm('help'),
    zoomIn: tm('zoomIn'),
    zoomOut: tm('zoomOut'),
    resetZoom: tm('resetZoom'),
    seatName: (section, row, seat) => tm('seatName', { section, row, seat }),
    state: text.state,
    resaleHint: '',
    zoomToSection: (section) => tm('zoomToSection', { section }),
  };

  const toggle = (id: string) => {
    const seat = seatsById.get(id);
    if (!seat || !selectable(seat)) return;
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };
  const toggleRow = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <>
      <SeatMap layout={layout} flat={flat} types={types} taken={empty} resale={empty} selected={selected} ready={ready} onToggle={toggle} text={mapText} marks={marks} labelsBeside />
      <section aria-labelledby={rowsId} className="space-y-3">
        <h2 id={rowsId} className="text-lg font-semibold">
          {text.rowsTitle}
        </h2>
        {map.sections.map((section) => (
          <details key={section.id} className="rounded-lg border border-slate-200">
            <summary className="flex min-h-11 cursor-pointer items-center px-3 font-medium">
              {section.code} · {section.name[locale]}
            </summary>
            <fieldset className="p-3 pt-0">
              <legend className="sr-only">
                {section.code} · {section.name[locale]}
              </legend>
              <div className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
                {section.rows.map((row) => {
                  const ids = row.seats.filter(selectable).map((seat) => seat.id);
                  const checked = ids.length > 0 && ids.every((id) => selected.has(id));
                  return (
                    <label key={row.label} className="flex min-h-11 items-center gap-2 rounded px-2 hover:bg-slate-50">
                      <input type="checkbox" className="h-5 w-5" disabled={!ready || ids.length === 0} checked={checked} onChange={(e) => toggleRow(ids, e.target.checked)} />
                      <span className="text-sm">{text.rowLabel(section, row)}</span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          </details>
        ))}
      </section>
    </>
  );
}
