import { getLocale, getTranslations } from 'next-intl/server';
import type { CancellationProgress } from '@/lib/server/events/cancel';
import { dateTimeFormat } from '@/lib/i18n/formats';

/**
 * How far a cancelled event's refunds are (server-rendered). The page reads the progress with
 * cancellationProgress(user.id, eventId) (lib/server/events/cancel.ts) and places this only for a
 * cancelled event:
 *
 *   const progress = await cancellationProgress(user.id, event.id);
 *   {event.status === 'cancelled' && progress.ok && <CancellationStatus progress={progress.progress} />}
 */
export async function CancellationStatus({ progress }: { progress: CancellationProgress }) {
  if (progress.status !== 'cancelled') return null;
  const [t, locale] = await Promise.all([getTranslations('organiser.cancel.status'), getLocale()]);
  const date = progress.cancelledAt
    ? dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(progress.cancelledAt))
    : null;
  const rows: { key: 'ordersRefunded' | 'ordersWaiting' | 'refundsSucceeded' | 'refundsPending' | 'refundsFailing'; value: number; alert?: boolean }[] = [
    { key: 'ordersRefunded', value: progress.ordersRefunded },
    { key: 'ordersWaiting', value: progress.ordersWaiting },
    { key: 'refundsSucceeded', value: progress.refundsSucceeded },
    { key: 'refundsPending', value: progress.refundsPending },
    { key: 'refundsFailing', value: progress.refundsFailing, alert: progress.refundsFailing > 0 },
  ];
  return (
    <section aria-labelledby="cancellation-status-title" className="space-y-3 rounded-xl border border-red-200 bg-white p-4 sm:p-6" data-testid="cancellation-status">
      <div className="space-y-1">
        <h2 id="cancellation-status-title" className="text-lg font-bold">
          {t('title')}
        </h2>
        {date && (
          <p className="text-sm text-slate-700">
            <time dateTime={progress.cancelledAt!}>{t('cancelledAt', { date })}</time>
          </p>
        )}
      </div>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.key} className={`flex items-baseline justify-between gap-3 rounded-lg px-3 py-2 ${row.alert ? 'bg-red-50 text-red-900' : 'bg-slate-50'}`}>
            <dt className="text-sm">{t(row.key)}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid={`cancellation-${row.key}`}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className={`text-sm ${progress.done ? 'text-emerald-900' : 'text-slate-800'}`}>{progress.done && progress.refundsPending === 0 && progress.refundsFailing === 0 ? t('done') : t('working')}</p>
    </section>
  );
}
