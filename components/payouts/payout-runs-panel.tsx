'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { ConfirmDialog } from '@/components/profile/confirm-dialog';
import { useHydrated } from '@/components/ui/use-hydrated';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import type { DueSummary, PayoutRunView } from '@/lib/schemas/payouts';
import { formatDate } from '@/lib/i18n/formats';
import { formatMoney, type Currency } from '@/lib/money';
import { TitledSection } from '@/components/ui/titled-section';

type Asking = { kind: 'confirm' | 'cancel'; run: PayoutRunView } | null;

/**
 * The admins' payout screen: what is due per currency with "Prepare run", then every run with its state,
 * its file, and — while prepared — confirm (after a second step: it marks the payouts paid for good) or cancel.
 */
export function PayoutRunsPanel({ due, runs }: { due: DueSummary[]; runs: PayoutRunView[] }) {
  const t = useTranslations('payouts.admin');
  const locale = useLocale();
  const router = useRouter();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [refreshing, startTransition] = useTransition();
  const money = (amount: number, currency: Currency) => formatMoney({ amount, currency }, locale);
  const date = (iso: string) => formatDate(new Date(iso), locale, { dateStyle: 'medium', timeStyle: 'short' });
  const refresh = () => startTransition(() => router.refresh());
  // Not while the screen refreshes: a refresh held up by a busy server must not lock the buttons (every action is idempotent on the server).
  const disabled = !hydrated || busy !== null;

  async function prepare(currency: Currency) {
    setBusy(`prepare-${currency}`);
    const result = await api.post<{ run: PayoutRunView }>('/api/v1/admin/payout-runs', { currency });
    setBusy(null);
    if (!result.ok) return;
    notify.success({ title: t('prepared', { count: result.data.run.payoutCount, amount: money(result.data.run.totalAmount, currency) }) });
    refresh();
  }

  async function change(kind: 'confirm' | 'cancel', run: PayoutRunView) {
    setBusy(`${kind}-${run.id}`);
    const result = await api.post<{ run: PayoutRunView; changed: boolean }>(`/api/v1/admin/payout-runs/${run.id}/${kind}`);
    setBusy(null);
    setAsking(null);
    if (!result.ok) return refresh();
    const messageId = run.messageId;
    if (kind === 'confirm') notify.success({ title: result.data.changed ? t('confirmed', { messageId }) : t('alreadyConfirmed', { messageId }) });
    else notify.success({ title: t('cancelled', { messageId }) });
    refresh();
  }

  const button = 'inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 text-sm font-medium disabled:opacity-60';
  const statusStyle = { prepared: 'bg-amber-100 text-amber-900', confirmed: 'bg-emerald-100 text-emerald-900', cancelled: 'bg-slate-200 text-slate-800' } as const;

  return (
    <div className="space-y-10" aria-busy={refreshing || undefined}>
      <TitledSection id="due-title" title={t('dueTitle')} className="space-y-4">
        <ul className="grid gap-4 sm:grid-cols-2">
          {due.map((d) => (
            <li key={d.currency} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4" data-testid={`due-${d.currency}`}>
              <p className="text-sm font-medium text-slate-600">{d.currency}</p>
              <p className="text-lg font-semibold">{t('dueCount', { count: d.count })}</p>
              {d.count > 0 && <p className="text-slate-700">{t('dueTotal', { amount: money(d.total, d.currency) })}</p>}
              {d.withoutBankAccount > 0 && <p className="text-sm text-slate-600">{t('withoutAccount', { count: d.withoutBankAccount })}</p>}
              <button
                type="button"
                disabled={disabled || d.count === 0}
                aria-busy={busy === `prepare-${d.currency}`}
                onClick={() => prepare(d.currency)}
                className={`${button} bg-emerald-800 text-white hover:bg-emerald-700`}
              >
                {busy === `prepare-${d.currency}` ? t('preparing') : t('prepare', { currency: d.currency })}
              </button>
            </li>
          ))}
        </ul>
      </TitledSection>

      <TitledSection id="runs-title" title={t('runsTitle')} className="space-y-4">
        {runs.length === 0 ? (
          <p className="text-slate-700">{t('noRuns')}</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {runs.map((run) => (
              <li key={run.id} className="flex flex-wrap items-start justify-between gap-3 p-4" data-testid="payout-run" data-run={run.id} data-status={run.status}>
                <div className="min-w-0 space-y-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-mono font-semibold break-all">{t('run', { messageId: run.messageId })}</span>
                    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusStyle[run.status]}`}>
                      {run.status === 'prepared'
                        ? t('statuses.prepared')
                        : run.status === 'confirmed'
                          ? t('statuses.confirmed', { date: run.confirmedAt ? date(run.confirmedAt) : '' })
                          : t('statuses.cancelled', { date: run.cancelledAt ? date(run.cancelledAt) : '' })}
                    </span>
                  </p>
                  <p className="text-slate-700">{t('runSummary', { count: run.payoutCount, amount: money(run.totalAmount, run.currency) })}</p>
                  <p className="text-sm text-slate-600">
                    {t('createdAt', { date: date(run.createdAt) })} {run.createdBy ? t('createdBy', { email: run.createdBy }) : t('createdBySystem')}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {/* A plain link: the browser downloads the file (Content-Disposition: attachment) with the session cookie. */}
                  <a
                    href={`/api/v1/admin/payout-runs/${run.id}/file`}
                    download
                    aria-label={t('downloadLabel', { messageId: run.messageId })}
                    className={`${button} border border-slate-300 bg-white hover:bg-slate-50`}
                  >
                    {t('download')}
                  </a>
                  {run.status === 'prepared' && (
                    <>
                      <button
                        type="button"
                        disabled={disabled}
                        aria-label={t('confirmLabel', { messageId: run.messageId })}
                        onClick={() => setAsking({ kind: 'confirm', run })}
                        className={`${button} bg-emerald-800 text-white hover:bg-emerald-700`}
                      >
                        {t('confirm')}
                      </button>
                      <button
                        type="button"
                        disabled={disabled}
                        aria-label={t('cancelLabel', { messageId: run.messageId })}
                        onClick={() => setAsking({ kind: 'cancel', run })}
                        className={`${button} border border-red-300 bg-white text-red-800 hover:bg-red-50`}
                      >
                        {t('cancel')}
                      </button>
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </TitledSection>

      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(asking.kind === 'confirm' ? 'confirmTitle' : 'cancelTitle', { messageId: asking.run.messageId }) : ''}
        confirmLabel={asking?.kind === 'cancel' ? t('cancelYes') : t('confirmYes')}
        cancelLabel={asking?.kind === 'cancel' ? t('cancelNo') : t('confirmNo')}
        pending={busy !== null}
        pendingLabel={asking?.kind === 'confirm' ? t('confirming') : undefined}
        onConfirm={() => asking && change(asking.kind, asking.run)}
        onCancel={() => setAsking(null)}
      >
        {asking?.kind === 'confirm'
          ? t('confirmText', { count: asking.run.payoutCount, amount: money(asking.run.totalAmount, asking.run.currency) })
          : t('cancelText')}
      </ConfirmDialog>
    </div>
  );
}
