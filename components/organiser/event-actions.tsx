'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState, useTransition } from 'react';
import { FormAlert } from '@/components/auth/form-parts';
import { ConfirmDialog } from '@/components/profile/confirm-dialog';
import { useHydrated } from '@/components/ui/use-hydrated';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/client/query-keys';
import { DuplicateEvent } from './duplicate-event';
import { PublishChecklist } from './publish-checklist';
import { formatMoney } from '@/lib/money';
import { CANCEL_MESSAGE_MAX } from '@/lib/schemas/organiser-cancel';

type Preview = { orders: number; tickets: number; holders: number; refund: { amount: number; currency: 'EUR' | 'CZK' }[] };

type Status = 'draft' | 'on_sale' | 'sold_out' | 'cancelled';
type Action = 'publish' | 'unpublish' | 'cancel';

/**
 * Publish, unpublish, cancel and duplicate an event; each of publishing, unpublishing and cancelling asks first.
 * A draft shows its publish checklist (everything still missing at once) and the link to its preview.
 */
/** `sold`: tickets sold; a draft that sold before it was unpublished can still be cancelled (and refunded). A cancelled event can only be duplicated. */
export function EventActions({ eventId, status, played, sold, startsAt }: { eventId: string; status: Status; played: boolean; sold: number; startsAt: string }) {
  const t = useTranslations('organiser.eventActions');
  const tPublish = useTranslations('organiser.publish');
  const router = useRouter();
  const hydrated = useHydrated();
  const locale = useLocale();
  const messageId = useId();
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [message, setMessage] = useState('');
  const [pending, startTransition] = useTransition();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);

  async function run(action: Action) {
    // A refusal to publish is shown with the checklist (every missing item at once), not as a toast of one item.
    const result = await api.post(
      `/api/v1/organiser/events/${eventId}/${action}`,
      action === 'cancel' && message.trim() ? { message: message.trim() } : undefined,
      action === 'publish' ? { toast: [409] } : undefined,
    );
    setConfirming(null);
    if (action === 'publish') {
      void queryClient.invalidateQueries({ queryKey: queryKeys.publishChecklist(eventId) });
      setRefusal(!result.ok && result.status === 409 ? tPublish('notReady') : null);
    }
    if (!result.ok) return;
    notify.success({ title: t(`done.${action}`) });
    // After a cancellation the office watches its refunds: the report shows their progress.
    if (action === 'cancel') startTransition(() => router.push({ pathname: '/organiser/events/[eventId]/report', params: { eventId } }));
    else startTransition(() => router.refresh());
  }

  /** Cancelling asks first with what it will do: the figures come from the server as they are now. */
  async function askToCancel() {
    setPreview(null);
    setMessage('');
    setConfirming('cancel');
    const result = await api.get<Preview>(`/api/v1/organiser/events/${eventId}/cancel-preview`);
    if (result.ok) setPreview(result.data);
  }

  // A cancelled event, or one that has taken place, is kept as it was: it can only be duplicated.
  if (status === 'cancelled' || played) return <DuplicateEvent eventId={eventId} startsAt={startsAt} />;
  const button = 'min-h-11 rounded-lg px-4 py-2 font-medium disabled:opacity-60';
  return (
    <div className="flex flex-wrap gap-2">
      {status === 'draft' ? (
        <button type="button" disabled={!hydrated || pending} onClick={() => setConfirming('publish')} className={`${button} bg-emerald-800 text-white hover:bg-emerald-700`}>
          {t('publish')}
        </button>
      ) : (
        <button type="button" disabled={!hydrated || pending} onClick={() => setConfirming('unpublish')} className={`${button} border border-slate-300 bg-white hover:bg-slate-50`}>
          {t('unpublish')}
        </button>
      )}
      {(status !== 'draft' || sold > 0) && (
        <button type="button" disabled={!hydrated || pending} onClick={askToCancel} className={`${button} border border-red-300 bg-white text-red-800 hover:bg-red-50`}>
          {t('cancel')}
        </button>
      )}
      <DuplicateEvent eventId={eventId} startsAt={startsAt} />
      {status === 'draft' && (
        <div className="w-full space-y-2">
          <FormAlert message={refusal} />
          <PublishChecklist eventId={eventId} />
        </div>
      )}
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
        {confirming === 'cancel' && (
          <div className="mt-4 space-y-3">
            {preview ? (
              <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3" data-testid="cancel-preview">
                {(
                  [
                    ['orders', preview.orders],
                    ['tickets', preview.tickets],
                    ['refund', preview.refund.length ? preview.refund.map((money) => formatMoney(money, locale)).join(' + ') : formatMoney({ amount: 0, currency: 'EUR' }, locale)],
                  ] as const
                ).map(([figure, value]) => (
                  <div key={figure} className="rounded-lg bg-slate-50 px-3 py-2">
                    <dt className="text-sm">{t(`preview.${figure}`)}</dt>
                    <dd className="text-lg font-semibold tabular-nums" data-testid={`cancel-preview-${figure}`}>
                      {value}
                    </dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="text-sm text-slate-700">{t('preview.loading')}</p>
            )}
            <div className="space-y-1">
              <label htmlFor={messageId} className="block text-sm font-medium text-slate-800">
                {t('preview.message')}
              </label>
              <textarea
                id={messageId}
                value={message}
                maxLength={CANCEL_MESSAGE_MAX}
                rows={4}
                onChange={(event) => setMessage(event.target.value)}
                className="w-full rounded-lg border border-slate-300 px-3 py-2"
                aria-describedby={`${messageId}-hint`}
              />
              <p id={`${messageId}-hint`} className="text-sm text-slate-600">
                {t('preview.messageHint', { count: preview?.holders ?? 0 })}
              </p>
            </div>
          </div>
        )}
      </ConfirmDialog>
    </div>
  );
}
