'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import type { Locale } from '@/lib/i18n/routing';
import type { EventSeatsAnswer } from '@/lib/schemas/organiser-venues';
import type { PickerMap } from './seat-picker';
import { SeatSelectionEditor } from './seat-selection-editor';

// The console's seat picker (./seat-picker.tsx) in a "select to block" mode: each seat's colour is its
// status at this event, the selection is what a block or release acts on.

const STATUSES = ['available', 'blocked', 'sold', 'held'] as const;
const COLORS = ['#047857', '#b45309', '#64748b', '#7c3aed'];
type Result = { ok: true; changed: number; refused: { seatId: string; status: string }[] };
type Seat = EventSeatsAnswer['sections'][number]['rows'][number]['seats'][number];

const typeOf = (seat: Seat) => STATUSES.indexOf(seat.status as never);
// Only seats the event sells can be picked: a block or release acts on those.
const selectable = (seat: Seat) => seat.status === 'available' || seat.status === 'blocked';

export function SeatBlocker({ eventId, seats, locale }: { eventId: string; seats: EventSeatsAnswer; locale: Locale }) {
  const t = useTranslations('organiser.seats');

  const types = useMemo(() => STATUSES.map((status, i) => ({ name: t(`status.${status}`), color: COLORS[i], priceText: '' })), [t]);
  const map = seats as PickerMap<Seat>;

  const run = (action: 'block' | 'release') => async (seatIds: string[]) => {
    const result = await api.post<Result>(`/api/v1/organiser/events/${eventId}/seat-blocks`, { seatIds, action });
    if (!result.ok) return false;
    notify.success({ title: t(action === 'block' ? 'blocked' : 'released', { count: result.data.changed }) });
    if (result.data.refused.length) notify.error({ title: t('refused', { count: result.data.refused.length }) });
    return true;
  };

  return (
    <SeatSelectionEditor
      help={t('help')}
      counts={t('counts', seats.counts)}
      actions={[
        { label: t('block'), className: 'bg-amber-700 text-white hover:bg-amber-600', run: run('block') },
        { label: t('release'), className: 'bg-emerald-800 text-white hover:bg-emerald-700', run: run('release') },
      ]}
      legend={STATUSES.map((status, i) => ({
        key: status,
        swatch: <span aria-hidden="true" className="inline-block h-3 w-3 rounded-full" style={{ background: COLORS[i] }} />,
        name: t(`status.${status}`),
      }))}
      map={map}
      locale={locale}
      types={types}
      typeOf={typeOf}
      selectable={selectable}
      text={{
        mapTitle: t('mapTitle'),
        state: { available: t('notSelected'), taken: t('status.sold'), resale: t('status.sold'), unavailable: t('status.unsold') },
        rowLabel: (section, row) =>
          t('selectRow', {
            section: section.code,
            row: row.label,
            free: row.seats.filter((seat) => seat.status === 'available').length,
            blocked: row.seats.filter((seat) => seat.status === 'blocked').length,
          }),
      }}
    />
  );
}
