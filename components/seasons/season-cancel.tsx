'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, useTransition } from 'react';
import { ConfirmDialog } from '@/components/profile/confirm-dialog';
import { useHydrated } from '@/components/ui/use-hydrated';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import type { OrganiserSeason } from '@/lib/schemas/seasons';

/**
 * The season screen's danger zone: cancels every match not yet played (POST …/seasons/{id}/cancel) after a
 * confirmation that says how many and how the holders get those matches' shares back. A season with
 * nothing left to cancel is the server's to say (SEASON_NOTHING_TO_CANCEL, a translated toast).
 */
export function SeasonCancel({ season }: { season: Pick<OrganiserSeason, 'id' | 'matches' | 'cancelRefundMode'> }) {
  const t = useTranslations('seasons.organiser.cancelSeason');
  const router = useRouter();
  const hydrated = useHydrated();
  const titleId = useId();
  const [confirming, setConfirming] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [pending, startTransition] = useTransition();
  if (season.matches.every((m) => m.status === 'cancelled')) return null;

  // Counted when the dialog opens, against the clock of that moment, as the server will count.
  const open = () => setConfirming(season.matches.filter((m) => m.status !== 'cancelled' && new Date(m.startsAt).getTime() > Date.now()).length);

  async function cancel() {
    setSending(true);
    const result = await api.post<{ season: { id: string; cancelledMatches: string[] } }>(`/api/v1/organiser/seasons/${season.id}/cancel`);
    setSending(false);
    setConfirming(null);
    if (!result.ok) return;
    notify.success({ title: t('done', { count: result.data.season.cancelledMatches.length }) });
    startTransition(() => router.refresh());
  }

  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-xl border border-red-200 bg-white p-4 sm:p-6" data-testid="season-cancel">
      <h2 id={titleId} className="text-xl font-semibold text-red-900">
        {t('title')}
      </h2>
      <p className="max-w-2xl text-slate-700">{t('intro')}</p>
      <button
        type="button"
        disabled={!hydrated || sending || pending}
        onClick={open}
        className="min-h-11 rounded-lg border border-red-300 bg-white px-4 py-2 font-medium text-red-800 hover:bg-red-50 disabled:opacity-60"
      >
        {t('button')}
      </button>
      <ConfirmDialog
        open={confirming !== null}
        title={t('confirmTitle')}
        confirmLabel={t('confirmYes')}
        cancelLabel={t('confirmNo')}
        pending={sending}
        pendingLabel={t('cancelling')}
        onConfirm={cancel}
        onCancel={() => setConfirming(null)}
      >
        <p>{t('confirmText', { count: confirming ?? 0, mode: season.cancelRefundMode })}</p>
      </ConfirmDialog>
    </section>
  );
}
