'use client';

import { useId, useMemo, useState } from 'react';
import type { FlatSeats, MapLayout } from '@/lib/seats/layout';

/**
 * The screen-reader (and no-pointer) way to pick a seat: section → row → seat from native selects,
 * listing only seats that can be bought now.
 */
export function SeatLists({
  layout,
  flat,
  isFree,
  onAdd,
  disabled,
  text,
}: {
  layout: MapLayout;
  flat: FlatSeats;
  isFree: (seatIndex: number) => boolean;
  onAdd: (seatId: string) => void;
  disabled: boolean;
  text: { title: string; help: string; section: string; row: string; seat: string; choose: string; add: string; seatOption: (label: string, price: string) => string; priceOf: (seatIndex: number) => string };
}) {
  const id = useId();
  const [section, setSection] = useState('');
  const [row, setRow] = useState('');
  const [seat, setSeat] = useState('');
  const sectionIndex = layout.sections.findIndex((s) => s.id === section);
  const rows = sectionIndex >= 0 ? layout.sections[sectionIndex].rows : [];
  const seats = useMemo(() => {
    const found = rows.find((r) => r.label === row);
    if (!found) return [];
    return found.seats.map(([seatId]) => flat.index.get(seatId)!).filter((i) => i !== undefined && isFree(i));
  }, [rows, row, flat, isFree]);
  const select = 'w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900';

  return (
    <details className="rounded-xl border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer font-medium text-emerald-900">{text.title}</summary>
      <p className="mt-2 text-sm text-slate-700">{text.help}</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-4">
        <div>
          <label htmlFor={`${id}-section`} className="mb-1 block text-sm font-medium">
            {text.section}
          </label>
          <select
            id={`${id}-section`}
            className={select}
            value={section}
            onChange={(e) => {
              setSection(e.target.value);
              setRow('');
              setSeat('');
            }}
          >
            <option value="">{text.choose}</option>
            {layout.sections.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-row`} className="mb-1 block text-sm font-medium">
            {text.row}
          </label>
          <select
            id={`${id}-row`}
            className={select}
            value={row}
            disabled={!rows.length}
            onChange={(e) => {
              setRow(e.target.value);
              setSeat('');
            }}
          >
            <option value="">{text.choose}</option>
            {rows.map((r) => (
              <option key={r.label} value={r.label}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-seat`} className="mb-1 block text-sm font-medium">
            {text.seat}
          </label>
          <select id={`${id}-seat`} className={select} value={seat} disabled={!seats.length} onChange={(e) => setSeat(e.target.value)}>
            <option value="">{text.choose}</option>
            {seats.map((i) => (
              <option key={flat.ids[i]} value={flat.ids[i]}>
                {text.seatOption(flat.labels[i], text.priceOf(i))}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end">
          <button
            type="button"
            disabled={!seat || disabled}
            onClick={() => {
              onAdd(seat);
              setSeat('');
            }}
            className="w-full rounded-lg bg-emerald-800 px-4 py-2 font-medium text-white hover:bg-emerald-700 disabled:cursor-not-allowed disabled:bg-slate-400"
          >
            {text.add}
          </button>
        </div>
      </div>
    </details>
  );
}
