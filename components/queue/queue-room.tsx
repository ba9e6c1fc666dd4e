'use client';

// The fan's place in a waiting room (an event's sale or a season's ticket sale): position, fans ahead, an estimated wait from the measured
// admission rate and a progress bar; it asks again after the server's nextPollSeconds with ±30 % jitter
// (so thousands of open pages do not ask at the same instant), backs off exponentially when the network
// or server fails, and stops once admitted. The place is the account's: a reload or another device shows
// the same one.
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { formatDateTime } from '@/components/tickets/format';
import { api } from '@/lib/client/api-client';
import { Link } from '@/lib/i18n/navigation';
import type { QueueStatus, SeasonQueueStatus } from '@/lib/schemas/queue';

/** Which sale's queue: an event's or a season's (by id or slug), as the page's path names it. */
export type QueueSale = { kind: 'event' | 'season'; ref: string };

const card = 'rounded-xl border border-slate-200 bg-white p-5 space-y-3';
const button = 'inline-flex min-h-11 items-center justify-center rounded-lg bg-emerald-700 px-5 py-2 font-semibold text-white hover:bg-emerald-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:opacity-60';

export function jittered(seconds: number): number {
  return seconds * 1000 * (0.7 + Math.random() * 0.6);
}

export function QueueRoom({ sale, initial }: { sale: QueueSale; initial: QueueStatus | SeasonQueueStatus }) {
  const t = useTranslations('queue');
  const locale = useLocale();
  const [status, setStatus] = useState(initial);
  const [offline, setOffline] = useState(false);
  const [pending, setPending] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [codeAccepted, setCodeAccepted] = useState(false);
  const failures = useRef(0);
  const path = `/api/v1/${sale.kind === 'season' ? 'seasons' : 'events'}/${encodeURIComponent(sale.ref)}/queue`;

  const refresh = useCallback(async () => {
    const result = await api.get<QueueStatus | SeasonQueueStatus>(path, { toast: false, retries: 0 });
    if (result.ok) {
      failures.current = 0;
      setOffline(false);
      setStatus(result.data);
      return true;
    }
    failures.current += 1;
    setOffline(true);
    return false;
  }, [path]);

  // Poll while waiting: the server says when, jitter spreads the pages, failures back off (2 s … 60 s).
  useEffect(() => {
    if (status.state !== 'waiting' && status.state !== 'prequeue') return;
    const delay = offline ? Math.min(60_000, 2000 * 2 ** Math.min(5, failures.current)) * (0.7 + Math.random() * 0.6) : jittered(status.nextPollSeconds || 5);
    const timer = setTimeout(() => void refresh(), delay);
    return () => clearTimeout(timer);
  }, [status, offline, refresh]);

  async function join() {
    setPending(true);
    const result = await api.post<QueueStatus | SeasonQueueStatus>(path, undefined);
    setPending(false);
    if (result.ok) setStatus(result.data);
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    setPending(true);
    const result = await api.post<QueueStatus | SeasonQueueStatus>(`${path}/presale-code`, { code }, { toast: false });
    setPending(false);
    if (result.ok) {
      setCodeError(null);
      setCodeAccepted(true);
      setStatus(result.data);
    } else {
      setCodeError(result.error.message);
    }
  }

  const time = (iso: string | null) => (iso ? formatDateTime(iso, locale) : '');
  const presaleRunning = status.presaleOpensAt != null && Date.now() < Date.parse(status.generalOpensAt);
  const kinds = [
    status.presaleKinds.seasonHolders ? t('kindSeason') : null,
    status.presaleKinds.minPoints != null ? t('kindPoints', { points: status.presaleKinds.minPoints }) : null,
    status.presaleKinds.codes ? t('kindCode') : null,
  ].filter(Boolean);

  return (
    <div className="space-y-4">
      {presaleRunning && kinds.length > 0 && (
        <p className="rounded-lg bg-amber-50 p-3 text-amber-900">{t('presaleOn', { time: time(status.generalOpensAt), kinds: kinds.join(', ') })}</p>
      )}
      <div aria-live="polite" className="space-y-4">
        {status.state === 'none' && (
          <section className={card}>
            <button type="button" className={button} onClick={join} disabled={pending}>
              {pending ? t('joining') : t('join')}
            </button>
          </section>
        )}
        {status.state === 'prequeue' && (
          <section className={card} aria-labelledby="queue-heading">
            <h2 id="queue-heading" className="text-xl font-semibold">{t('prequeueTitle')}</h2>
            <p>{t('prequeueBody', { time: time(status.opensAt) })}</p>
            {status.presale ? <p className="font-medium text-emerald-800">{t('presaleYou')}</p> : presaleRunning && <p className="font-medium">{t('notInPresale', { time: time(status.generalOpensAt) })}</p>}
          </section>
        )}
        {status.state === 'waiting' && (
          <section className={card} aria-labelledby="queue-heading">
            <h2 id="queue-heading" className="text-xl font-semibold">{t('waitingTitle')}</h2>
            <p className="text-3xl font-bold tabular-nums" data-testid="queue-position">{t('position', { position: (status.ahead ?? 0) + 1 })}</p>
            <p data-testid="queue-ahead">{t('ahead', { count: status.ahead ?? 0 })}</p>
            <p>{t('wait', { minutes: Math.floor((status.estimatedWaitSeconds ?? 0) / 60) })}</p>
            <div>
              <div
                role="progressbar"
                aria-label={t('progress')}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round((status.progress ?? 0) * 100)}
                className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full rounded-full bg-emerald-600 transition-[width] duration-700" style={{ width: `${Math.round((status.progress ?? 0) * 100)}%` }} />
              </div>
            </div>
            <p className="text-sm text-slate-600">{t('rate', { rate: status.ratePerMinute })}</p>
            {status.presale && <p className="font-medium text-emerald-800">{t('presaleYou')}</p>}
            <p className="text-sm text-slate-600">{t('updated')}</p>
          </section>
        )}
        {status.state === 'admitted' && status.admission && (
          <section className={`${card} border-emerald-300 bg-emerald-50`} aria-labelledby="queue-heading">
            <h2 id="queue-heading" className="text-xl font-semibold">{t('admittedTitle')}</h2>
            <p>{t('admittedBody', { time: time(status.admission.expiresAt) })}</p>
            <Link href={sale.kind === 'season' ? { pathname: '/seasons/[slug]', params: { slug: status.slug } } : { pathname: '/events/[id]', params: { id: status.slug } }} className={button}>
              {t('buy')}
            </Link>
          </section>
        )}
        {status.state === 'expired' && (
          <section className={card} aria-labelledby="queue-heading">
            <h2 id="queue-heading" className="text-xl font-semibold">{t('expiredTitle')}</h2>
            <p>{t('expiredBody')}</p>
            <button type="button" className={button} onClick={join} disabled={pending}>
              {t('joinAgain')}
            </button>
          </section>
        )}
        {offline && <p className="text-sm text-red-800">{t('offline')}</p>}
      </div>
      {presaleRunning && status.presaleKinds.codes && !status.presale && status.state !== 'admitted' && (
        <form className={card} onSubmit={submitCode} noValidate>
          <label htmlFor="presale-code" className="block font-medium">
            {t('codeLabel')}
          </label>
          <input
            id="presale-code"
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? 'presale-code-error' : undefined}
            className="block min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2 uppercase"
          />
          {codeError && (
            <p id="presale-code-error" className="text-sm text-red-800">
              {codeError}
            </p>
          )}
          <button type="submit" className={button} disabled={pending}>
            {t('codeSubmit')}
          </button>
        </form>
      )}
      {codeAccepted && <p role="status" className="text-emerald-800">{t('codeAccepted')}</p>}
    </div>
  );
}
