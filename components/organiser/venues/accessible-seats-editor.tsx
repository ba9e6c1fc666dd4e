'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState, useTransition } from 'react';
import type { AccessibleMarks } from '@/components/seats/seat-map';
import { useHydrated } from '@/components/ui/use-hydrated';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import type { AccessibleSeatKind, AccessibleSeatMarkResult, VenueAccessibleSeatsAnswer } from '@/lib/schemas/organiser-venues';
import { SeatPicker, type PickerMap } from './seat-picker';

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
  const router = useRouter();
  const hydrated = useHydrated();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [sending, setSending] = useState(false);
  const [pending, startTransition] = useTransition();

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

  async function mark(kind: AccessibleSeatKind | null) {
    setSending(true);
    const result = await api.put<AccessibleSeatMarkResult>(`/api/v1/organiser/venues/${venueId}/accessible-seats`, { seatIds: [...selected], kind });
    setSending(false);
    if (!result.ok) return;
    notify.success({ title: t(kind === null ? 'cleared' : 'marked', { count: result.data.changed }) });
    if (kind !== null && result.data.taken > 0) notify.info({ title: t('taken', { count: result.data.taken }) });
    setSelected(new Set());
    startTransition(() => router.refresh());
  }

  const busy = !hydrated || sending || pending;
  const none = busy || selected.size === 0;
  const button = 'min-h-11 rounded-lg px-4 py-2 font-medium disabled:opacity-60';
  return (
    <div className="space-y-4" data-testid="accessible-seats-editor">
      <p className="text-slate-700">{t('help')}</p>
      <p className="font-medium" aria-live="polite" data-testid="accessible-counts">
        {t('counts', seats.counts)}
      </p>
      <div className="sticky top-0 z-10 flex flex-wrap items-center gap-2 bg-white/95 py-2">
        <p className="mr-2 text-sm font-medium" aria-live="polite">
          {ts('selected', { count: selected.size })}
        </p>
        <button type="button" disabled={none} onClick={() => mark('wheelchair')} className={`${button} bg-blue-700 text-white hover:bg-blue-600`}>
          {t('markWheelchair')}
        </button>
        <button type="button" disabled={none} onClick={() => mark('companion')} className={`${button} bg-teal-700 text-white hover:bg-teal-600`}>
          {t('markCompanion')}
        </button>
        <button type="button" disabled={none} onClick={() => mark(null)} className={`${button} border border-slate-300 bg-white hover:bg-slate-50`}>
          {t('clearMark')}
        </button>
        <button type="button" disabled={none} onClick={() => setSelected(new Set())} className={`${button} border border-slate-300 bg-white hover:bg-slate-50`}>
          {ts('clear')}
        </button>
      </div>
      <ul aria-label={ts('legend')} className="flex flex-wrap gap-4 text-sm">
        {names.map((name, i) => (
          <li key={name} className="flex items-center gap-2">
            <LegendSeat index={i} />
            {name}
          </li>
        ))}
      </ul>
      <SeatPicker
        map={map}
        locale={locale}
        types={types}
        typeOf={typeOf}
        selectable={selectable}
        selected={selected}
        setSelected={setSelected}
        ready={hydrated}
        marks={marks}
        text={{
          mapTitle: t('mapTitle'),
          state: { available: ts('notSelected'), selected: ts('status.selected'), taken: ts('notSelected'), resale: ts('notSelected'), unavailable: ts('notSelected') },
          rowsTitle: ts('rowsTitle'),
          rowLabel: (section, row) =>
            t('selectRow', {
              section: section.code,
              row: row.label,
              wheelchair: row.seats.filter((seat) => seat.accessible === 'wheelchair').length,
              companion: row.seats.filter((seat) => seat.accessible === 'companion').length,
            }),
        }}
      />
    </div>
  );
}
