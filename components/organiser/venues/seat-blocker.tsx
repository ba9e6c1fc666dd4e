'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState, useTransition } from 'react';
import { useHydrated } from '@/components/ui/use-hydrated';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import type { EventSeatsAnswer } from '@/lib/schemas/organiser-venues';
import { SeatPicker, type PickerMap } from './seat-picker';

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
  const router = useRouter();
  const hydrated = useHydrated();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [sending, setSending] = useState(false);
  const [pending, startTransition] = useTransition();

  const types = useMemo(() => STATUSES.map((status, i) => ({ name: t(`status.${status}`), color: COLORS[i], priceText: '' })), [t]);
  const map = seats as PickerMap<Seat>;

  async function run(action: 'block' | 'release') {
    setSending(true);
    const result = await api.post<Result>(`/api/v1/organiser/events/${eventId}/seat-blocks`, { seatIds: [...selected], action });
    setSending(false);
    if (!result.ok) return;
    notify.success({ title: t(action === 'block' ? 'blocked' : 'released', { count: result.data.changed }) });
    if (result.data.refused.length) notify.error({ title: t('refused', { count: result.data.refused.length }) });
    setSelected(new Set());
    startTransition(() => router.refresh());
  }

  const { counts } = seats;
  const busy = !hydrated || sending || pending;
  const button = 'min-h-11 rounded-lg px-4 py-2 font-medium disabled:opacity-60';
  return (
    <div className="space-y-4">
      <p className="text-slate-700">{t('help')}</p>
      <p className="font-medium" aria-live="polite">
        {t('counts', counts)}
      </p>
      <div className="sticky top-0 z-10 flex flex-wrap items-center gap-2 bg-white/95 py-2">
        <p className="mr-2 text-sm font-medium" aria-live="polite">
          {t('selected', { count: selected.size })}
        </p>
        <button type="button" disabled={busy || selected.size === 0} onClick={() => run('block')} className={`${button} bg-amber-700 text-white hover:bg-amber-600`}>
          {t('block')}
        </button>
        <button type="button" disabled={busy || selected.size === 0} onClick={() => run('release')} className={`${button} bg-emerald-800 text-white hover:bg-emerald-700`}>
          {t('release')}
        </button>
        <button type="button" disabled={busy || selected.size === 0} onClick={() => setSelected(new Set())} className={`${button} border border-slate-300 bg-white hover:bg-slate-50`}>
          {t('clear')}
        </button>
      </div>
      <ul aria-label={t('legend')} className="flex flex-wrap gap-4 text-sm">
        {STATUSES.map((status, i) => (
          <li key={status} className="flex items-center gap-2">
            <span aria-hidden="true" className="inline-block h-3 w-3 rounded-full" style={{ background: COLORS[i] }} />
            {t(`status.${status}`)}
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
        text={{
          mapTitle: t('mapTitle'),
          state: { available: t('notSelected'), selected: t('status.selected'), taken: t('status.sold'), resale: t('status.sold'), unavailable: t('status.unsold') },
          rowsTitle: t('rowsTitle'),
          rowLabel: (section, row) =>
            t('selectRow', {
              section: section.code,
              row: row.label,
              free: row.seats.filter((seat) => seat.status === 'available').length,
              blocked: row.seats.filter((seat) => seat.status === 'blocked').length,
            }),
        }}
      />
    </div>
  );
}
