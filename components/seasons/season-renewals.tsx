'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import { Modal } from '@/components/tickets/modal';
import { formatDateTime, formatMoney, localized } from '@/components/tickets/format';
import { api, apiQuery } from '@/lib/client/api-client';
import type { RenewalAnswer } from '@/lib/schemas/seasons';

// Your tickets' season section: a seat of last season the fan may renew now. Two taps: "Renew", then
// "Renew and pay" in the confirmation, which holds the seat for the whole season and goes to the payment.

export function SeasonRenewals() {
  const t = useTranslations('seasons.renewal');
  const locale = useLocale();
  const titleId = useId();
  // Read once on arrival; Your tickets carries no query library (its first-load JS budget).
  const [data, setData] = useState<{ renewals: RenewalAnswer[] } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    apiQuery<{ renewals: RenewalAnswer[] }>('/api/v1/seasons/renewals', { toast: false })({ signal: controller.signal }).then(setData, () => {});
    return () => controller.abort();
  }, []);
  const [open, setOpen] = useState<RenewalAnswer | null>(null);
  const [sending, setSending] = useState(false);
  if (!data?.renewals.length) return null;

  const seatText = (r: RenewalAnswer) => t('seat', { season: localized(r.seasonName, locale), section: localized(r.seat.section, locale), row: r.seat.row, seat: r.seat.seat });
  async function renew(r: RenewalAnswer) {
    setSending(true);
    const result = await api.post<{ orderId: string; paymentUrl: string }>(`/api/v1/seasons/${r.seasonId}/renewal`, {});
    if (result.ok) return window.location.assign(result.data.paymentUrl);
    setSending(false);
    setOpen(null);
  }

  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-xl border border-violet-300 bg-violet-50 p-4">
      <h2 id={titleId} className="text-xl font-semibold">
        {t('title')}
      </h2>
      <ul className="space-y-3">
        {data.renewals.map((r) => (
          <li key={r.seasonId} className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="font-medium">{seatText(r)}</p>
              <p className="text-sm text-slate-700">{t('until', { date: formatDateTime(r.renewalClosesAt, locale), price: formatMoney(r.price, r.currency, locale) })}</p>
            </div>
            <button type="button" onClick={() => setOpen(r)} className="min-h-11 rounded-lg bg-violet-800 px-5 py-2 font-medium text-white hover:bg-violet-700">
              {t('renew')}
            </button>
          </li>
        ))}
      </ul>
      <Modal open={open !== null} onClose={() => setOpen(null)} title={t('confirmTitle')}>
        {open && (
          <>
            <p>{seatText(open)}</p>
            <p>{t('confirmText', { season: localized(open.seasonName, locale), price: formatMoney(open.price, open.currency, locale) })}</p>
            <div className="flex flex-wrap gap-3">
              <button
                type="button"
                onClick={() => renew(open)}
                disabled={sending}
                className="min-h-11 rounded-lg bg-emerald-800 px-5 py-2 font-medium text-white hover:bg-emerald-700 disabled:opacity-60"
              >
                {t('pay')}
              </button>
              <button type="button" onClick={() => setOpen(null)} className="min-h-11 rounded-lg border border-slate-300 bg-white px-5 py-2 font-medium hover:bg-slate-50">
                {t('cancel')}
              </button>
            </div>
          </>
        )}
      </Modal>
    </section>
  );
}
