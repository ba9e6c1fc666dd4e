'use client';

import { useTranslations } from 'next-intl';
import { useId, useMemo, useState, useTransition } from 'react';
import { flatten, type MapLayout, type MapSeat } from '@/components/seats/layout';
import { SeatMap, type SeatMapText } from '@/components/seats/seat-map';
import { useHydrated } from '@/components/ui/use-hydrated';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import type { EventSeatsAnswer } from '@/lib/schemas/organiser-venues';

// The fan's seat map in a "select to block" mode: each seat's colour is its status at this event (the
// map's price-category slot), the selection is what a block or release acts on. Beside it, every row as
// a checkbox, for whoever finds a list easier than a map.

const STATUSES = ['available', 'blocked', 'sold', 'held'] as const;
const COLORS = ['#047857', '#b45309', '#64748b', '#7c3aed'];
type Result = { ok: true; changed: number; refused: { seatId: string; status: string }[] };

export function SeatBlocker({ eventId, seats, locale }: { eventId: string; seats: EventSeatsAnswer; locale: Locale }) {
  const t = useTranslations('organiser.seats');
  const tm = useTranslations('seatMap');
  const router = useRouter();
  const hydrated = useHydrated();
  const rowsId = useId();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [sending, setSending] = useState(false);
  const [pending, startTransition] = useTransition();

  const statusOf = useMemo(() => {
    const map = new Map<string, string>();
    for (const section of seats.sections) for (const row of section.rows) for (const seat of row.seats) map.set(seat.id, seat.status);
    return map;
  }, [seats]);

  const layout: MapLayout = useMemo(
    () => ({
      width: seats.width,
      height: seats.height,
      outline: (seats.outline as unknown as { label?: Record<Locale, string> }[]).map(({ label, ...shape }) => ({ ...shape, ...(label ? { label: label[locale] } : {}) })) as MapLayout['outline'],
      sections: seats.sections.map((s) => ({
        id: s.id,
        name: s.name[locale],
        labelX: s.labelX,
        labelY: s.labelY,
        rows: s.rows.map((r) => ({ label: r.label, seats: r.seats.map((seat): MapSeat => [seat.id, seat.label, seat.x, seat.y, STATUSES.indexOf(seat.status as never)]) })),
      })),
    }),
    [seats, locale],
  );
  const flat = useMemo(() => flatten(layout), [layout]);
  const types = useMemo(() => STATUSES.map((status, i) => ({ name: t(`status.${status}`), color: COLORS[i], priceText: '' })), [t]);
  const empty = useMemo(() => new Set<string>(), []);
  const text: SeatMapText = {
    title: t('mapTitle'),
    help: tm('help'),
    zoomIn: tm('zoomIn'),
    zoomOut: tm('zoomOut'),
    resetZoom: tm('resetZoom'),
    seatName: (section, row, seat) => tm('seatName', { section, row, seat }),
    state: { available: t('notSelected'), selected: t('status.selected'), taken: t('status.sold'), resale: t('status.sold'), unavailable: t('status.unsold') },
    resaleHint: '',
    zoomToSection: (section) => tm('zoomToSection', { section }),
  };

  // Only seats the event sells can be picked: a block or release acts on those.
  const selectable = (id: string) => {
    const status = statusOf.get(id);
    return status === 'available' || status === 'blocked';
  };
  const toggle = (id: string) => {
    if (!selectable(id)) return;
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
      <SeatMap layout={layout} flat={flat} types={types} taken={empty} resale={empty} selected={selected} ready={hydrated} onToggle={toggle} text={text} />
      <section aria-labelledby={rowsId} className="space-y-3">
        <h2 id={rowsId} className="text-lg font-semibold">
          {t('rowsTitle')}
        </h2>
        {seats.sections.map((section) => (
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
                  const ids = row.seats.filter((seat) => seat.status === 'available' || seat.status === 'blocked').map((seat) => seat.id);
                  const free = row.seats.filter((seat) => seat.status === 'available').length;
                  const blocked = row.seats.filter((seat) => seat.status === 'blocked').length;
                  const checked = ids.length > 0 && ids.every((id) => selected.has(id));
                  return (
                    <label key={row.label} className="flex min-h-11 items-center gap-2 rounded px-2 hover:bg-slate-50">
                      <input type="checkbox" className="h-5 w-5" disabled={!hydrated || ids.length === 0} checked={checked} onChange={(e) => toggleRow(ids, e.target.checked)} />
                      <span className="text-sm">{t('selectRow', { section: section.code, row: row.label, free, blocked })}</span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          </details>
        ))}
      </section>
    </div>
  );
}
