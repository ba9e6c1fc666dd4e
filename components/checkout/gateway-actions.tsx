'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useHydrated } from '@/components/ui/use-hydrated';
import { api } from '@/lib/client/api-client';

type Notice = { eventId: string; paymentId: string; outcome: 'succeeded' | 'declined' | 'cancelled'; signature: string };

/** The test gateway's three buttons: each posts its signed notice to the webhook, then returns the fan. */
export function GatewayActions({ notices, returnTo }: { notices: Record<Notice['outcome'], Notice>; returnTo: Record<Notice['outcome'], string> }) {
  const t = useTranslations('gateway');
  const [busy, setBusy] = useState<Notice['outcome'] | null>(null);
  // Until React listens, a press would be lost: the buttons wait, disabled, for hydration.
  const hydrated = useHydrated();
  async function finish(outcome: Notice['outcome']) {
    setBusy(outcome);
    const result = await api.post('/api/v1/payments/test/webhook', notices[outcome]);
    if (result.ok) window.location.assign(returnTo[outcome]);
    else setBusy(null);
  }
  const button = 'rounded-lg px-5 py-3 font-medium disabled:opacity-60';
  return (
    <div className="flex flex-wrap gap-3">
      <button type="button" disabled={!hydrated || busy !== null} onClick={() => void finish('succeeded')} className={`${button} bg-emerald-800 text-white`}>
        {t('pay')}
      </button>
      <button type="button" disabled={!hydrated || busy !== null} onClick={() => void finish('declined')} className={`${button} bg-red-700 text-white`}>
        {t('decline')}
      </button>
      <button type="button" disabled={!hydrated || busy !== null} onClick={() => void finish('cancelled')} className={`${button} border border-slate-300`}>
        {t('cancel')}
      </button>
    </div>
  );
}
