'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { AccessibleMarks } from '@/components/seats/seat-map';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import type { Locale } from '@/lib/i18n/routing';
import type { AccessibleSeatKind, AccessibleSeatMarkResult, VenueAccessibleSeatsAnswer } from '@/lib/schemas/organiser-venues';
import type { PickerMap } from './seat-picker';
import { SeatSelectionEditor } from './seat-selection-editor';

// The console's seat picker (./seat-picker.tsx) in a "mark" mode: every seat of the venue can be picked;
// its colour and ring say what it is (ordinary, wheelchair place, companion seat) — the same rings the
// fan's map draws — and the selection is what a mark or a clear acts on (PUT …/accessible-seats).

type Seat = VenueAccessibleSeatsAnswer['sections'][number]['rows'][number]['seats'][number];
const KINDS = [null, 'wheelchair', 'companion'] as const;
const COLORS = ['#475569', '#1d4ed8', '#0f766e'];
const RING = '#0369a1';

const typeOf = (seat: Seat) => KINDS.indexOf(seat.accessible);
const selectable = () => true;

/** The legend's picture of a seat: its colour, and the ring the map draws around a marked one. */
function LegendSeat({ index }: { index: number }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5">
      <circle cx={10} cy={10} r={5} fill={COLORS[index]} />
      {index > 0 && <circle cx={10} cy={10} r={8} fill="none" stroke={RING} strokeWidth={index === 1 ? 2.5 : 1.5} strokeDasharray={index === 2 ? '2 2' : undefined} />}
    </svg>
  );
}

export function AccessibleSeatsEditor({ venueId, seats, locale }: { venueId: string; seats: VenueAccessibleSeatsAnswer; locale: Locale }) {
  const t = useTranslations('organiser.venues.accessible');
  const ts = useTranslations('organiser.seats');

  const names = useMemo(() => [t('none'), t('wheelchair'), t('companion')], [t]);
  const types = useMemo(() => names.map((name, i) => ({ name, color: COLORS[i], priceText: '' })), [names]);
  const marks = useMemo<AccessibleMarks>(() => {
    const wheelchair = new Set<string>();
    const companion = new Set<string>();
    for (const section of seats.sections)
      for (const row of section.rows)
        for (const seat of row.seats) {
          if (seat.accessible === 'wheelchair') wheelchair.add(seat.id);
          else if (seat.accessible === 'companion') companion.add(seat.id);
        }
    return { wheelchair, companion, wheelchairName: names[1], companionName: names[2] };
  }, [seats, names]);
  const map = seats as PickerMap<Seat>;

  const mark = (kind: AccessibleSeatKind | null) => async (seatIds: string[]) => {
    const result = await api.put<AccessibleSeatMarkResult>(`/api/v1/organiser/venues/${venueId}/accessible-seats`, { seatIds, kind });
    if (!result.ok) return false;
    notify.success({ title: t(kind === null ? 'cleared' : 'marked', { count: result.data.changed }) });
    if (kind !== null && result.data.taken > 0) notify.info({ title: t('taken', { count: result.data.taken }) });
    return true;
  };

  return (
    <SeatSelectionEditor
      testId="accessible-seats-editor"
      help={t('help')}
      counts={t('counts', seats.counts)}
      countsTestId="accessible-counts"
      actions={[
        { label: t('markWheelchair'), className: 'bg-blue-700 text-white hover:bg-blue-600', run: mark('wheelchair') },
        { label: t('markCompanion'), className: 'bg-teal-700 text-white hover:bg-teal-600', run: mark('companion') },
        { label: t('clearMark'), className: 'border border-slate-300 bg-white hover:bg-slate-50', run: mark(null) },
      ]}
      legend={names.map((name, i) => ({ key: name, swatch: <LegendSeat index={i} />, name }))}
      map={map}
      locale={locale}
      types={types}
      typeOf={typeOf}
      selectable={selectable}
      marks={marks}
      text={{
        mapTitle: t('mapTitle'),
        state: { available: ts('notSelected'), taken: ts('notSelected'), resale: ts('notSelected'), unavailable: ts('notSelected') },
        rowLabel: (section, row) =>
          t('selectRow', {
            section: section.code,
            row: row.label,
            wheelchair: row.seats.filter((seat) => seat.accessible === 'wheelchair').length,
            companion: row.seats.filter((seat) => seat.accessible === 'companion').length,
          }),
      }}
    />
  );
}
