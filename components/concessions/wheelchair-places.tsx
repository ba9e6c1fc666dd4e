'use client';

import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useMemo, useState } from 'react';
import { api, apiQuery } from '@/lib/client/api-client';
import type { AccessibleSeats } from '@/lib/schemas/concessions';
import type { AccessibleMarks } from '@/components/seats/seat-map';
import { queryKeys } from '@/lib/client/query-keys';

/** The event's wheelchair places and companion seats (GET …/accessible-seats), polled with the availability. */
export function useAccessibleSeats(eventId: string, enabled: boolean) {
  const t = useTranslations('concessions.seats');
  const locale = useLocale();
  const query = useQuery({
    queryKey: queryKeys.accessibleSeats(eventId, locale),
    queryFn: apiQuery<AccessibleSeats>(`/api/v1/events/${encodeURIComponent(eventId)}/accessible-seats`, { toast: false }),
    enabled,
    refetchInterval: 10_000,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
  const seats = query.data?.seats;
  const marks = useMemo<AccessibleMarks | null>(
    () =>
      seats?.length
        ? {
            wheelchair: new Set(seats.filter((s) => s.kind === 'wheelchair').map((s) => s.seatId)),
            companion: new Set(seats.filter((s) => s.kind === 'companion').map((s) => s.seatId)),
            wheelchairName: t('wheelchair'),
            companionName: t('companion'),
          }
        : null,
    [seats, t],
  );
  return { seats: seats ?? [], marks };
}

/**
 * Wheelchair places are held back for ZŤP / ZŤP-S card holders: a general seat pick cannot take one
 * (409 ACCESSIBLE_SEAT). Here each free place is a row with its card choice and its own button; with
 * ZŤP-S the companion seat beside it comes free.
 */
export function WheelchairPlaces({
  eventId,
  seats,
  signedIn,
  onSignInRequired,
  onAdded,
}: {
  eventId: string;
  seats: AccessibleSeats['seats'];
  signedIn: boolean;
  onSignInRequired: () => void;
  onAdded: () => void;
}) {
  const t = useTranslations('concessions');
  const headingId = useId();
  const [cards, setCards] = useState<Record<string, 'ztp' | 'ztp_s'>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const places = seats.filter((seat) => seat.kind === 'wheelchair');
  if (!places.length) return null;

  async function add(seatId: string) {
    if (!signedIn) {
      onSignInRequired();
      return;
    }
    setBusy(seatId);
    // Refusals (taken a moment ago, a limit) are the api client's toast, in the page's language.
    const result = await api.post(`/api/v1/events/${encodeURIComponent(eventId)}/cart/accessible`, { seatId, concession: cards[seatId] ?? 'ztp_s' });
    setBusy(null);
    if (result.ok) onAdded();
  }

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-sky-200 bg-sky-50 p-4" data-testid="wheelchair-places">
      <h3 id={headingId} className="text-lg font-semibold text-sky-950">
        <span aria-hidden="true">♿ </span>
        {t('seats.heading')}
      </h3>
      <p className="mt-1 text-sm text-slate-800">{t('seats.lead')}</p>
      <ul className="mt-3 space-y-3">
        {places.map((seat) => {
          const place = t('seats.place', { section: seat.section, row: seat.row, seat: seat.seat });
          const selectId = `${headingId}-${seat.seatId}`;
          return (
            <li key={seat.seatId} className="flex flex-wrap items-center gap-2 rounded-lg bg-white p-3" data-testid="wheelchair-place">
              <span className="min-w-0 flex-1 font-medium">{place}</span>
              {seat.free ? (
                <>
                  <label htmlFor={selectId} className="sr-only">
                    {`${t('seats.card')}: ${place}`}
                  </label>
                  <select
                    id={selectId}
                    value={cards[seat.seatId] ?? 'ztp_s'}
                    onChange={(event) => setCards((c) => ({ ...c, [seat.seatId]: event.target.value as 'ztp' | 'ztp_s' }))}
                    className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
                  >
                    <option value="ztp_s">{t('kinds.ztp_s')}</option>
                    <option value="ztp">{t('kinds.ztp')}</option>
                  </select>
                  <button
                    type="button"
                    disabled={busy !== null}
                    onClick={() => void add(seat.seatId)}
                    aria-label={t('seats.addLabel', { place })}
                    className="rounded-lg bg-emerald-800 px-3 py-1.5 text-sm font-medium text-white disabled:opacity-50"
                  >
                    {t('seats.add')}
                  </button>
                </>
              ) : (
                <span className="text-sm text-slate-700">{t('seats.taken')}</span>
              )}
            </li>
          );
        })}
      </ul>
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-3.5 w-3.5 rounded-full border-[2.5px] border-sky-700" />
          {t('seats.legendWheelchair')}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-3.5 w-3.5 rounded-full border-2 border-dashed border-sky-700" />
          {t('seats.legendCompanion')}
        </span>
      </p>
    </section>
  );
}
