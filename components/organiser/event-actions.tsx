'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { ConfirmDialog } from '@/components/profile/confirm-dialog';
import { useHydrated } from '@/components/ui/use-hydrated';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import { DuplicateEvent } from './duplicate-event';

type Status = 'draft' | 'on_sale' | 'sold_out' | 'cancelled';
type Action = 'publish' | 'unpublish' | 'cancel';

/** Publish, unpublish, cancel and duplicate an event; unpublishing and cancelling ask first. The server says what is refused and why. */
/** `sold`: tickets sold; a draft that sold before it was unpublished can still be cancelled (and refunded). A cancelled event can only be duplicated. */
export function EventActions({ eventId, status, played, sold, startsAt }: { eventId: string; status: Status; played: boolean; sold: number; startsAt: string }) {
  const t = useTranslations('organiser.eventActions');
  const router = useRouter();
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [pending, startTransition] = useTransition();

  async function run(action: Action) {
    const result = await api.post(`/api/v1/organiser/events/${eventId}/${action}`);
    setConfirming(null);
    if (!result.ok) return;
    notify.success({ title: t(`done.${action}`) });
    startTransition(() => router.refresh());
  }

  // A cancelled event, or one that has taken place, is kept as it was: it can only be duplicated.
  if (status === 'cancelled' || played) return <DuplicateEvent eventId={eventId} startsAt={startsAt} />;
  const button = 'min-h-11 rounded-lg px-4 py-2 font-medium disabled:opacity-60';
  return (
    <div className="flex flex-wrap gap-2">
      {status === 'draft' ? (
        <button type="button" disabled={!hydrated || pending} onClick={() => run('publish')} className={`${button} bg-emerald-800 text-white hover:bg-emerald-700`}>
          {t('publish')}
        </button>
      ) : (
        <button type="button" disabled={!hydrated || pending} onClick={() => setConfirming('unpublish')} className={`${button} border border-slate-300 bg-white hover:bg-slate-50`}>
          {t('unpublish')}
        </button>
      )}
      {(status !== 'draft' || sold > 0) && (
        <button type="button" disabled={!hydrated || pending} onClick={() => setConfirming('cancel')} className={`${button} border border-red-300 bg-white text-red-800 hover:bg-red-50`}>
          {t('cancel')}
        </button>
      )}
      <DuplicateEvent eventId={eventId} startsAt={startsAt} />
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t(`confirm.${confirming}.title`) : ''}
        confirmLabel={confirming ? t(`confirm.${confirming}.yes`) : ''}
        cancelLabel={t('confirm.no')}
        pending={pending}
        onConfirm={() => confirming && run(confirming)}
        onCancel={() => setConfirming(null)}
      >
        {confirming ? t(`confirm.${confirming}.text`) : null}
      </ConfirmDialog>
    </div>
  );
}
